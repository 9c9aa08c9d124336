import { Heading, Link, Section, Text } from '@react-email/components';
import { cut } from '../../shared/rules/cut';
import { type EmailSectionProps, h2, storeUrl } from '../../server/mail/digest/email-kit';

// How the digest draws a section of this type (React Email: tables and inline styles); see email-kit.tsx.
export default function EmailNewStores({ settings: s, ctx }: EmailSectionProps<'email-new-stores'>) {
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
