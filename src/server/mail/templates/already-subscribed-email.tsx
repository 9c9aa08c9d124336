import { Text, render } from '@react-email/components';
import { MailFrame, Paragraph, type Brand } from './mail-frame';

// Issue 24: a sign-up of an address that is already confirmed gets the same HTTP answer as a new one (no one learns who
// subscribes); this mail, read only by the inbox's owner, says so instead. Sent under the same throttle.
export interface AlreadySubscribedMailProps {
  brand: Brand;
  /** What the address signed up for again, e.g. "our weekly newsletter" or "alerts about new Acme coupons". */
  what: string;
}

function AlreadySubscribedEmail({ brand, what }: AlreadySubscribedMailProps) {
  return (
    <MailFrame
      brand={brand}
      preview={`You already receive ${what}`}
      footer={<Text style={{ margin: 0 }}>If you did not ask for this, ignore this mail: nothing has changed.</Text>}
    >
      <Paragraph>
        Someone, hopefully you, asked again to receive {what} from {brand.name} at this address.
      </Paragraph>
      <Paragraph>This address already receives them: there is nothing to confirm and nothing more to do.</Paragraph>
      <Paragraph>Every mail we send you has a link to unsubscribe.</Paragraph>
    </MailFrame>
  );
}

export async function renderAlreadySubscribedMail(
  props: AlreadySubscribedMailProps,
): Promise<{ html: string; text: string }> {
  const node = <AlreadySubscribedEmail {...props} />;
  return { html: await render(node), text: await render(node, { plainText: true }) };
}
