import type { Queryable } from '../db/connect';
import { imageUrl } from '../../shared/rules/image-url';
import { mailImagePath, mediaSize } from '../../shared/rules/media-path';
import { siteOrigin } from './identity';

// Issue 26: a mail's images are PNG at absolute URLs on the tenant's public origin (MAIL_LINK_ORIGIN): most mail
// clients show no SVG or WebP, and none can resolve a relative path. Those URLs answer with CORP cross-origin
// (decision 028), so a mail client or its image proxy may load them.

export interface MailImage {
  src: string;
  width: number;
  height: number;
}

/** The absolute URL a mail uses for a stored image path ('' when there is none). */
export function mailImageUrl(path: string | null | undefined, origin: string): string {
  return imageUrl(path ? mailImagePath(path) : '', `${origin}/assets`, '');
}

/** The demo's drawn logos are 260 × 56 (the header's box): an upload says its size in its name. */
const LOGO_BOX = { width: 260, height: 56 };
/** The logo's height in a mail's header. */
const LOGO_HEIGHT = 40;

/** A tenant's logo for a mail's header, drawn LOGO_HEIGHT high at its own ratio, or null without one. */
export function mailLogo(path: string | null | undefined, host: string): MailImage | null {
  const src = mailImageUrl(path, siteOrigin(host));
  if (!src || !path) return null;
  const size = mediaSize(path) ?? LOGO_BOX;
  const width = Math.min(LOGO_BOX.width, Math.round((LOGO_HEIGHT * size.width) / size.height));
  return { src, width, height: Math.round((width * size.height) / size.width) };
}

/** The tenant's logo and first host, as a mail's header shows it. */
export async function tenantLogo(db: Queryable, domainId: string): Promise<MailImage | null> {
  const rows = await db.query<{ logo: string | null; host: string | null }>(
    `SELECT d.logo, (SELECT h.host FROM domain_hosts h WHERE h.domain_id = d.id ORDER BY h.position, h.host LIMIT 1) AS host
     FROM domains d WHERE d.id = $1`,
    [domainId],
  );
  const r = rows[0];
  return r?.host ? mailLogo(r.logo, r.host) : null;
}
