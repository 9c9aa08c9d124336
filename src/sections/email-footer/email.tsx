import { Link, Section, Text } from '@react-email/components';
import { UNSUBSCRIBE_PLACEHOLDER } from '../../server/mail/outbox';
import { type EmailSectionProps } from '../../server/mail/digest/email-kit';

// How the digest draws a section of this type (React Email: tables and inline styles); see email-kit.tsx.
export default function EmailFooter({ settings: s, ctx }: EmailSectionProps<'email-footer'>) {
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
