import { Heading, Section } from '@react-email/components';
import { Paragraph } from '../../server/mail/templates/mail-frame';
import { type EmailSectionProps, h2 } from '../../server/mail/digest/email-kit';

// How the digest draws a section of this type (React Email: tables and inline styles); see email-kit.tsx.
export default function EmailIntro({ settings }: EmailSectionProps<'email-intro'>) {
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
