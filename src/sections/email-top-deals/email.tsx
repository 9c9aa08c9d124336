import { Button, Column, Heading, Img, Row, Section, Text } from '@react-email/components';
import { cut } from '../../shared/rules/cut';
import { expiryFirst10 } from '../../shared/rules/expiry-format';
import { FLUID } from '../../server/mail/templates/mail-frame';
import { type EmailSectionProps, asset, couponUrl, h2, text } from '../../server/mail/digest/email-kit';

// How the digest draws a section of this type (React Email: tables and inline styles); see email-kit.tsx.
export default function EmailTopDeals({ settings: s, ctx }: EmailSectionProps<'email-top-deals'>) {
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
