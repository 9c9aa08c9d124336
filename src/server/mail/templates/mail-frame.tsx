import { Body, Container, Head, Heading, Hr, Html, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

// The frame of every Dealdeck mail: the tenant's name on its colour, a white card, the footer. React Email turns it
// into table-based HTML with inline styles, the only CSS every mail client reads.

export interface Brand {
  name: string;
  colour: string;
}

export const FONT = 'Helvetica, Arial, sans-serif';

export function MailFrame({
  brand,
  preview,
  children,
  footer,
}: {
  brand: Brand;
  preview: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f4f4f5', fontFamily: FONT, margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', maxWidth: '600px', borderRadius: '6px', overflow: 'hidden' }}>
          <Section style={{ backgroundColor: brand.colour, padding: '16px 24px' }}>
            <Heading as="h1" style={{ color: '#ffffff', fontSize: '22px', margin: 0 }}>
              {brand.name}
            </Heading>
          </Section>
          <Section style={{ padding: '8px 24px 16px' }}>{children}</Section>
          {footer ? (
            <>
              <Hr style={{ borderColor: '#e4e4e7', margin: 0 }} />
              <Section style={{ padding: '12px 24px', color: '#52525b', fontSize: '12px' }}>{footer}</Section>
            </>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: '15px', lineHeight: '22px', color: '#18181b' }}>{children}</Text>;
}
