import { useAtomValue } from 'jotai';
import { domainAtom } from '../../api/website';
import { ChromeIcon } from './chrome-icon';
import './contact-list.css';

/** tel: needs digits (and a leading +) only. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/[^\d]/g, '')}`;
}

/** A long address may wrap after the @ rather than mid-word. */
function breakableEmail(email: string) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** The domain's contact email (mailto), phone (tel) and address; nothing for the parts the tenant left out. */
export function ContactList({ className = '' }: { className?: string }) {
  const contact = useAtomValue(domainAtom).contact;
  const email = contact?.email?.trim();
  const phone = contact?.phone?.trim();
  const address = contact?.address?.trim();
  if (!email && !phone && !address) return null;
  return (
    <address className={`contact-list ${className}`}>
      <ul>
        {email && (
          <li>
            <ChromeIcon name="mail" size={18} className="contact-list-icon" />
            <a href={`mailto:${email}`}>{breakableEmail(email)}</a>
          </li>
        )}
        {phone && (
          <li>
            <ChromeIcon name="phone" size={18} className="contact-list-icon" />
            <a href={telHref(phone)}>{phone}</a>
          </li>
        )}
        {address && (
          <li>
            <ChromeIcon name="pin" size={18} className="contact-list-icon" />
            <span>{address}</span>
          </li>
        )}
      </ul>
    </address>
  );
}
