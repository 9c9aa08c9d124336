import { Img, Link, Section } from '@react-email/components';
import { FLUID } from '../../server/mail/templates/mail-frame';
import { type EmailSectionProps, asset, storeUrl } from '../../server/mail/digest/email-kit';

// How the digest draws a section of this type (React Email: tables and inline styles); see email-kit.tsx.
export default function EmailBanner({ id, ctx }: EmailSectionProps<'email-banner'>) {
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
