import { readConfig } from '../config';
import type { Queryable } from '../db/connect';
import { tenantLayoutChoices } from '../db/repositories/domains';
import { isValidEmail } from '../../shared/rules/email';
import { singleLine } from '../../shared/rules/form-text';

// Who a tenant's mail comes from and where its links point.

export interface TenantMail {
  domainId: string;
  name: string;
  /** The tenant's first host name: its links and its default From address. */
  host: string;
  /** All its hosts (the first is `host`): a layout's `tenants` entry naming any of them picks the digest's document. */
  hosts: string[];
  /** "Name" <mail_from or newsletter@host> */
  from: string;
  contactEmail: string;
  homePage: string;
}

export interface Dkim {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** The origin of a tenant's links: MAIL_LINK_ORIGIN with {host} (e.g. http://{host}:8080), else https://{host}. */
export function siteOrigin(host: string, template = readConfig().mailLinkOrigin): string {
  return template.replace('{host}', host).replace(/\/+$/, '');
}

/** A display name and address as one header value; quotes and controls cannot break out of the name. */
export function formatAddress(name: string, address: string): string {
  const safe = singleLine(name).replace(/["\\<>]/g, '');
  return safe ? `"${safe}" <${address}>` : address;
}

export async function tenantMail(db: Queryable, domainId: string): Promise<TenantMail | null> {
  const rows = await db.query<{ name: string; mail_from: string; contact: { email?: string } | null }>(
    'SELECT d.name, d.mail_from, d.contact FROM domains d WHERE d.id = $1',
    [domainId],
  );
  const r = rows[0];
  const [choice] = await tenantLayoutChoices(db, domainId);
  const host = choice?.hosts[0];
  if (!r || !choice || !host) return null;
  const address = isValidEmail(r.mail_from) ? r.mail_from : `newsletter@${host}`;
  return {
    domainId,
    name: r.name,
    host,
    hosts: choice.hosts,
    from: formatAddress(r.name, address),
    contactEmail: typeof r.contact?.email === 'string' ? r.contact.email : '',
    homePage: choice.homePage,
  };
}

export async function tenantDkim(db: Queryable, domainId: string): Promise<Dkim | null> {
  const rows = await db.query<Dkim>(
    `SELECT domain_name AS "domainName", key_selector AS "keySelector", private_key AS "privateKey"
     FROM domain_dkim WHERE domain_id = $1`,
    [domainId],
  );
  return rows[0] ?? null;
}

export async function setTenantDkim(db: Queryable, domainId: string, dkim: Dkim | null): Promise<void> {
  if (!dkim) {
    await db.query('DELETE FROM domain_dkim WHERE domain_id = $1', [domainId]);
    return;
  }
  await db.query(
    `INSERT INTO domain_dkim (domain_id, domain_name, key_selector, private_key) VALUES ($1, $2, $3, $4)
     ON CONFLICT (domain_id) DO UPDATE SET domain_name = $2, key_selector = $3, private_key = $4`,
    [domainId, dkim.domainName, dkim.keySelector, dkim.privateKey],
  );
}
