import type { Queryable } from '../connect';
import type { DomainData } from '../seed/demo/types';
import { checkedDomainData, type ReportIssue } from './checked-domain';

// Tenants: host → domain lookup and the website data of SPEC §3.
export interface Tenant {
  id: string;
  key: string;
  /** The host the tenant was matched by (lower-case, no port). */
  host: string;
  /** Every host of the tenant (its domain_hosts, in order): a layout's `tenants` entry naming any of them applies. */
  hosts: string[];
  data: DomainData;
}

const DOMAIN_COLUMNS = `d.id, d.key, d.name, d.logo, d.favicon, d.header_color, d.header_html, d.header_js, d.meta_tag,
  d.meta_description, d.home_page, d.footer_about_us, d.footer_text, d.contact, d.banners_v2,
  d.google_verification_tag, d.footer_js, d.permissions, d.affiliate_disclosure, d.time_zone`;

type DomainRow = DomainData & { id: string; key: string; hosts: string[] };

function toData(r: DomainRow): DomainData {
  return {
    name: r.name,
    logo: r.logo,
    favicon: r.favicon,
    header_color: r.header_color,
    header_html: r.header_html,
    header_js: r.header_js,
    meta_tag: r.meta_tag,
    meta_description: r.meta_description,
    home_page: r.home_page,
    footer_about_us: r.footer_about_us,
    footer_text: r.footer_text,
    contact: r.contact,
    banners_v2: r.banners_v2,
    google_verification_tag: r.google_verification_tag,
    footer_js: r.footer_js,
    permissions: r.permissions,
    affiliate_disclosure: r.affiliate_disclosure,
    time_zone: r.time_zone,
  };
}

/** The tenant of `host`, its data checked against the contract (a failing field is reported and set to its default). */
export async function findTenantByHost(
  db: Queryable,
  host: string,
  report: ReportIssue = () => undefined,
): Promise<Tenant | null> {
  const rows = await db.query<DomainRow>(
    `SELECT ${DOMAIN_COLUMNS},
       (SELECT array_agg(a.host ORDER BY a.position, a.host) FROM domain_hosts a WHERE a.domain_id = d.id) AS hosts
     FROM domain_hosts h JOIN domains d ON d.id = h.domain_id WHERE h.host = $1`,
    [host],
  );
  const r = rows[0];
  if (!r) return null;
  return { id: r.id, key: r.key, host, hosts: r.hosts, data: checkedDomainData(r.id, r.key, toData(r), report) };
}

/** What picks a tenant's layouts: its hosts (a layout's `tenants` entry), its home_page choice and its time zone. */
export interface LayoutChoice {
  id: string;
  hosts: string[];
  homePage: string;
  timeZone: string;
}

/**
 * Every tenant's layout choice, or one tenant's (`domainId`): the one query that answers it for the layout check, the
 * mail tools and the mail sender (the page's own tenant comes with its website data, findTenantByHost).
 */
export async function tenantLayoutChoices(db: Queryable, domainId?: string): Promise<LayoutChoice[]> {
  const rows = await db.query<{ id: string; hosts: string[]; home_page: string; time_zone: string | null }>(
    `SELECT d.id, array_agg(h.host ORDER BY h.position, h.host) AS hosts, d.home_page, d.time_zone
     FROM domains d JOIN domain_hosts h ON h.domain_id = d.id
     WHERE $1::text IS NULL OR d.id = $1 GROUP BY d.id, d.home_page, d.time_zone ORDER BY d.id`,
    [domainId ?? null],
  );
  return rows.map((r) => ({ id: r.id, hosts: r.hosts, homePage: r.home_page, timeZone: r.time_zone || 'UTC' }));
}

export interface TenantHosts {
  id: string;
  key: string;
  name: string;
  hosts: string[];
}

export async function listTenantHosts(db: Queryable): Promise<TenantHosts[]> {
  return db.query<TenantHosts>(
    `SELECT d.id, d.key, d.name, array_agg(h.host ORDER BY h.position, h.host) AS hosts
     FROM domains d JOIN domain_hosts h ON h.domain_id = d.id GROUP BY d.id, d.key, d.name ORDER BY d.key`,
  );
}

export async function countDomains(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM domains');
  return rows[0]?.n ?? 0;
}
