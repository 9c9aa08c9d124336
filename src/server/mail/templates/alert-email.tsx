import { Heading, Link, Section, Text, render } from '@react-email/components';
import { MailFrame, Paragraph, type Brand } from './mail-frame';

// The daily store alert: the new live coupons of every store the address follows, each through the tenant's
// redirect route, and the link that stops all of this address's store alerts.
export interface AlertStore {
  name: string;
  url: string;
  coupons: { name: string; url: string }[];
  /** New coupons of the store beyond those listed (they are on its page). */
  more: number;
}

function AlertEmail({ brand, stores, unsubscribeUrl }: { brand: Brand; stores: AlertStore[]; unsubscribeUrl: string }) {
  const preview = `New coupons from ${stores.map((s) => s.name).join(', ')}`;
  return (
    <MailFrame
      brand={brand}
      preview={preview}
      footer={
        <Text style={{ margin: 0 }}>
          You follow these stores on {brand.name}. <Link href={unsubscribeUrl}>Stop store alerts</Link>
        </Text>
      }
    >
      <Paragraph>New coupons from the stores you follow:</Paragraph>
      {stores.map((store) => (
        <Section key={store.url}>
          <Heading as="h2" style={{ fontSize: '18px', margin: '16px 0 4px' }}>
            <Link href={store.url} style={{ color: brand.colour }}>
              {store.name}
            </Link>
          </Heading>
          {store.coupons.map((c) => (
            <Text key={c.url} style={{ margin: '4px 0', fontSize: '15px' }}>
              <Link href={c.url}>{c.name}</Link>
            </Text>
          ))}
          {store.more > 0 && (
            <Text style={{ margin: '4px 0', fontSize: '15px' }}>
              <Link href={store.url}>
                and {store.more} more new coupon{store.more === 1 ? '' : 's'} at {store.name}
              </Link>
            </Text>
          )}
        </Section>
      ))}
    </MailFrame>
  );
}

export async function renderAlertMail(props: {
  brand: Brand;
  stores: AlertStore[];
  unsubscribeUrl: string;
}): Promise<{ html: string; text: string }> {
  const node = <AlertEmail {...props} />;
  return { html: await render(node), text: await render(node, { plainText: true }) };
}
