import { Button, Column, Heading, Img, Link, Row, Section, Text } from '@react-email/components';
import { cut } from '../../../shared/rules/cut';
import { expiryFirst10 } from '../../../shared/rules/expiry-format';
import { fillMonthYear } from '../../../shared/rules/month-year';
import { revealNewTabPath } from '../../../shared/rules/reveal-path';
import type { SectionSettingsByType } from '../../../shared/layout/types';
import { plainText } from '../../../shared/rules/plain-text';
import { UNSUBSCRIBE_PLACEHOLDER } from '../outbox';
import { mailImageUrl } from '../mail-image';
import { FLUID, Paragraph, type Brand } from '../templates/mail-frame';
import type { DigestBanner, DigestDeal, DigestStore } from './data';

// The digest's section components, one per section type of email documents; React Email draws them as tables with
// inline styles. Every link goes to the tenant's own site: coupons through its redirect route, stores to their page.

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

const h2 = { fontSize: '18px', margin: '20px 0 8px', color: '#18181b' } as const;
// Images as PNG at absolute URLs on the tenant's origin (mail-image.ts).
const asset = (ctx: DigestContext, path: string | null) => mailImageUrl(path, ctx.origin);
const storeUrl = (ctx: DigestContext, slug: string) => `${ctx.origin}/store/${encodeURIComponent(slug)}`;
const text = (raw: string, ctx: DigestContext) => fillMonthYear(plainText(raw, 10_000), ctx.now);

export function couponUrl(ctx: DigestContext, deal: Pick<DigestDeal, 'id' | 'store_slug'>): string {
  return `${ctx.origin}${revealNewTabPath('/', deal.store_slug, deal.id)}`;
}

export function EmailIntro({ settings }: EmailSectionProps<'email-intro'>) {
  return (
    <Section>
      {settings.heading ? (
        <Heading as="h2" style={h2}>
          {settings.heading}
        </Heading>
      ) : null}
      <Paragraph>{settings.text}</Paragraph>
    </Section>
  );
}

export function EmailTopDeals({ settings: s, ctx }: EmailSectionProps<'email-top-deals'>) {
  const deals = ctx.deals.slice(0, s.count);
  if (deals.length === 0) return null;
  return (
    <Section>
      <Heading as="h2" style={h2}>
        {s.heading}
      </Heading>
      {deals.map((deal) => {
        const logo = asset(ctx, deal.store_image);
        const expiry = deal.expiry_date ? expiryFirst10(deal.expiry_date) : '';
        return (
          <Row key={deal.id} style={{ borderTop: '1px solid #e4e4e7', padding: '12px 0' }}>
            <Column style={{ width: '84px', verticalAlign: 'top' }}>
              {/* Store logos are drawn 3:2 (240 × 160 on the site). */}
              {logo ? <Img src={logo} alt={deal.store_name} width="72" height="48" style={FLUID} /> : null}
            </Column>
            <Column style={{ verticalAlign: 'top' }}>
              <Text style={{ margin: 0, fontSize: '12px', color: '#52525b' }}>
                {cut(deal.store_name, 28, s.ellipsis)}
              </Text>
              <Text style={{ margin: '2px 0', fontSize: '16px', fontWeight: 'bold', color: '#18181b' }}>
                {cut(text(deal.name, ctx), s.nameCut, s.ellipsis)}
              </Text>
              {deal.description ? (
                <Text style={{ margin: '2px 0', fontSize: '14px', color: '#3f3f46' }}>
                  {cut(text(deal.description, ctx), s.descriptionCut, s.ellipsis)}
                </Text>
              ) : null}
              {expiry ? (
                <Text style={{ margin: '2px 0', fontSize: '12px', color: '#52525b' }}>Valid until {expiry}</Text>
              ) : null}
              <Button
                href={couponUrl(ctx, deal)}
                style={{
                  backgroundColor: ctx.brand.colour,
                  color: '#ffffff',
                  padding: '8px 14px',
                  borderRadius: '4px',
                  fontSize: '14px',
                }}
              >
                {s.buttonLabel}
              </Button>
            </Column>
          </Row>
        );
      })}
    </Section>
  );
}

export function EmailNewStores({ settings: s, ctx }: EmailSectionProps<'email-new-stores'>) {
  const stores = ctx.stores.slice(0, s.count);
  if (stores.length === 0) return null;
  return (
    <Section>
      <Heading as="h2" style={h2}>
        {s.heading}
      </Heading>
      <Text style={{ margin: 0, fontSize: '14px', lineHeight: '24px' }}>
        {stores.map((store, i) => (
          <span key={store.slug}>
            {i > 0 ? ' · ' : ''}
            <Link href={storeUrl(ctx, store.slug)} style={{ color: ctx.brand.colour }}>
              {cut(store.name, s.nameCut, s.ellipsis)}
            </Link>
          </span>
        ))}
      </Text>
    </Section>
  );
}

export function EmailBanner({ id, ctx }: EmailSectionProps<'email-banner'>) {
  const banner = ctx.banners[id];
  const src = banner ? asset(ctx, banner.image) : '';
  if (!banner || !src) return null;
  const alt = banner.store_slug ? `Offers from ${banner.store_slug}` : '';
  const img = <Img src={src} alt={alt} width="560" style={{ ...FLUID, width: '100%', maxWidth: '560px' }} />;
  return (
    <Section style={{ padding: '16px 0' }}>
      {banner.store_slug ? <Link href={storeUrl(ctx, banner.store_slug)}>{img}</Link> : img}
    </Section>
  );
}

export function EmailFooter({ settings: s, ctx }: EmailSectionProps<'email-footer'>) {
  const { email, address } = ctx.contact;
  return (
    <Section style={{ fontSize: '12px', color: '#52525b' }}>
      {s.text ? <Text style={{ fontSize: '12px', margin: '8px 0' }}>{s.text}</Text> : null}
      {s.showContact && (email || address) ? (
        <Text style={{ fontSize: '12px', margin: '8px 0' }}>
          {ctx.brand.name}
          {address ? ` · ${address}` : ''}
          {email ? (
            <>
              {' · '}
              <Link href={`mailto:${email}`}>{email}</Link>
            </>
          ) : null}
        </Text>
      ) : null}
      <Text style={{ fontSize: '12px', margin: '8px 0' }}>
        <Link href={UNSUBSCRIBE_PLACEHOLDER}>{s.unsubscribeLabel}</Link>
      </Text>
    </Section>
  );
}
