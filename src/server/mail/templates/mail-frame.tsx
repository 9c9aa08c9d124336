import { Body, Container, Head, Heading, Hr, Html, Img, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import type { MailImage } from '../mail-image';

// The frame of every Dealdeck mail: the tenant's logo (or name) on its colour, a white card, the footer. React Email
// turns it into table-based HTML with inline styles, the only CSS every mail client reads. It reads at a phone's
// width (issue 26): a viewport, a card as wide as the screen up to 600 px, images that shrink with it.

export interface Brand {
  name: string;
  colour: string;
  /** The tenant's logo as a PNG at an absolute URL (mail-image.ts), or none: the name is shown as text. */
  logo?: MailImage | null;
}

export const FONT = 'Helvetica, Arial, sans-serif';
/** Images never wider than their column (a phone's screen). */
export const FLUID = { maxWidth: '100%', height: 'auto', border: 0 } as const;

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
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="x-apple-disable-message-reformatting" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f4f4f5', fontFamily: FONT, margin: 0, padding: '16px 8px' }}>
        <Container
          style={{
            backgroundColor: '#ffffff',
            width: '100%',
            maxWidth: '600px',
            borderRadius: '6px',
            overflow: 'hidden',
          }}
        >
          <Section style={{ backgroundColor: brand.colour, padding: '16px 24px' }}>
            {brand.logo ? (
              <Img
                src={brand.logo.src}
                width={brand.logo.width}
                height={brand.logo.height}
                alt={brand.name}
                style={{ ...FLUID, display: 'block' }}
              />
            ) : (
              <Heading as="h1" style={{ color: '#ffffff', fontSize: '22px', margin: 0 }}>
                {brand.name}
              </Heading>
            )}
          </Section>
          <Section style={{ padding: '8px 20px 16px' }}>{children}</Section>
          {footer ? (
            <>
              <Hr style={{ borderColor: '#e4e4e7', margin: 0 }} />
              <Section style={{ padding: '12px 20px', color: '#52525b', fontSize: '12px' }}>{footer}</Section>
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
