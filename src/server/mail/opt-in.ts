import type { Queryable } from '../db/connect';
import type { OptInTable } from '../db/repositories/opt-ins';
import { siteOrigin, tenantMail, type TenantMail } from './identity';
import type { Mailer } from './mailer';
import { tenantLogo } from './mail-image';
import type { Brand } from './templates/mail-frame';
import { renderAlreadySubscribedMail } from './templates/already-subscribed-email';
import { renderConfirmMail } from './templates/confirm-email';

// Double opt-in for both lists a shopper can join: the newsletter and a store's alerts. Each has its confirm and
// unsubscribe pages under its own path; the token in the link is the subscription's own (unguessable: 244 random bits).
export type OptInList = OptInTable;

export const LIST_PATHS: Readonly<Record<OptInList, string>> = { newsletter: '/newsletter', alerts: '/alerts' };

export function listLink(host: string, list: OptInList, action: 'confirm' | 'unsubscribe', token: string): string {
  return `${siteOrigin(host)}${LIST_PATHS[list]}/${action}?token=${encodeURIComponent(token)}`;
}

export async function brandOf(db: Queryable, domainId: string): Promise<Brand> {
  const rows = await db.query<{ name: string; header_color: string }>(
    'SELECT name, header_color FROM domains WHERE id = $1',
    [domainId],
  );
  const colour = rows[0]?.header_color ?? '';
  // A colour that is not a plain hex or word (the contract allows rgb() and the like) falls back to a neutral one.
  return {
    name: rows[0]?.name ?? '',
    colour: /^#[0-9a-f]{3,8}$|^[a-z]+$/i.test(colour) ? colour : '#1f2937',
    logo: await tenantLogo(db, domainId),
  };
}

/**
 * The mail that answers a sign-up: the confirmation link, or for an address that is already confirmed a note saying
 * so (issue 24: the HTTP answer is the same for both, the mail tells the inbox's owner which).
 */
export async function sendOptInMail(
  db: Queryable,
  mailer: Mailer,
  opts: { domainId: string; email: string; token: string; list: OptInList; what: string; confirmed: boolean },
): Promise<TenantMail> {
  const identity = await tenantMail(db, opts.domainId);
  if (!identity) throw new Error(`no tenant ${opts.domainId}`);
  const brand = await brandOf(db, opts.domainId);
  const { html, text } = opts.confirmed
    ? await renderAlreadySubscribedMail({ brand, what: opts.what })
    : await renderConfirmMail({
        brand,
        what: opts.what,
        confirmUrl: listLink(identity.host, opts.list, 'confirm', opts.token),
      });
  await mailer.send({
    kind: 'confirm',
    domainId: opts.domainId,
    from: identity.from,
    to: opts.email,
    subject: opts.confirmed
      ? `You already receive ${opts.what} from ${identity.name}`
      : `Please confirm: ${opts.what} from ${identity.name}`,
    html,
    text,
  });
  return identity;
}
