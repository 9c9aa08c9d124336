import { fillMonthYear } from '../../../shared/rules/month-year';
import { revealNewTabPath } from '../../../shared/rules/reveal-path';
import type { SectionSettingsByType } from '../../../shared/layout/types';
import { plainText } from '../../../shared/rules/plain-text';
import { mailImageUrl } from '../mail-image';
import type { Brand } from '../templates/mail-frame';
import type { DigestBanner, DigestDeal, DigestStore } from './data';

// What the email section components share (each is src/sections/<type>/email.tsx): the digest's context, their props
// and a few styles and links. React Email draws them as tables with inline styles. Every link goes to the tenant's
// own site: coupons through its redirect route, stores to their page.

export interface DigestContext {
  brand: Brand;
  /** https://<tenant host> (MAIL_LINK_ORIGIN). */
  origin: string;
  now: Date;
  contact: { email: string; address: string };
  deals: DigestDeal[];
  stores: DigestStore[];
  banners: Readonly<Record<string, DigestBanner | null>>;
}

export type EmailSectionProps<T extends keyof SectionSettingsByType> = {
  id: string;
  settings: SectionSettingsByType[T];
  ctx: DigestContext;
};

export const h2 = { fontSize: '18px', margin: '20px 0 8px', color: '#18181b' } as const;
// Images as PNG at absolute URLs on the tenant's origin (mail-image.ts).
export const asset = (ctx: DigestContext, path: string | null) => mailImageUrl(path, ctx.origin);
export const storeUrl = (ctx: DigestContext, slug: string) => `${ctx.origin}/store/${encodeURIComponent(slug)}`;
export const text = (raw: string, ctx: DigestContext) => fillMonthYear(plainText(raw, 10_000), ctx.now);

export function couponUrl(ctx: DigestContext, deal: Pick<DigestDeal, 'id' | 'store_slug'>): string {
  return `${ctx.origin}${revealNewTabPath('/', deal.store_slug, deal.id)}`;
}
