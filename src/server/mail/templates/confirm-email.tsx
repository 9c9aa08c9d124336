import { Button, Link, Text, render } from '@react-email/components';
import { MailFrame, Paragraph, type Brand } from './mail-frame';

// The double opt-in mail: a button to the confirmation page (a GET there only shows a button that POSTs).
export interface ConfirmMailProps {
  brand: Brand;
  /** What the address is signing up for, e.g. "our weekly newsletter" or "alerts about Acme". */
  what: string;
  confirmUrl: string;
}

function ConfirmEmail({ brand, what, confirmUrl }: ConfirmMailProps) {
  return (
    <MailFrame
      brand={brand}
      preview={`Please confirm: ${what}`}
      footer={<Text style={{ margin: 0 }}>If you did not ask for this, ignore this mail: nothing will be sent.</Text>}
    >
      <Paragraph>
        Someone, hopefully you, asked to receive {what} from {brand.name} at this address.
      </Paragraph>
      <Button
        href={confirmUrl}
        style={{ backgroundColor: brand.colour, color: '#ffffff', padding: '12px 20px', borderRadius: '4px' }}
      >
        Confirm my subscription
      </Button>
      <Paragraph>
        Or open this link: {/* A long link breaks anywhere: at a phone's width it would widen the mail. */}
        <Link href={confirmUrl} style={{ wordBreak: 'break-all' }}>
          {confirmUrl}
        </Link>
      </Paragraph>
    </MailFrame>
  );
}

export async function renderConfirmMail(props: ConfirmMailProps): Promise<{ html: string; text: string }> {
  const node = <ConfirmEmail {...props} />;
  return { html: await render(node), text: await render(node, { plainText: true }) };
}
