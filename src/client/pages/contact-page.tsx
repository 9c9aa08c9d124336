import { useAtomValue } from 'jotai';
import { domainAtom } from '../api/website';
import { usePageTitle } from '../app/effects';
import { ContactList } from '../components/chrome/contact-list';
import { ContactForm } from '../features/info/contact-form';
import { InfoPage } from '../features/info/info-page';

/** /contactus: the contact form beside the tenant's email, phone and address. */
export function ContactPage() {
  const domain = useAtomValue(domainAtom);
  const contact = domain.contact;
  const hasDetails = Boolean(contact?.email?.trim() || contact?.phone?.trim() || contact?.address?.trim());
  usePageTitle('Contact us');
  return (
    <InfoPage
      title="Contact us"
      className="info-page-contact"
      lead={`Questions about a coupon, a store you would like ${domain.name} to add, or a partnership? Send us a message and we will reply by email.`}
    >
      <div className="info-contact-grid">
        <section className="info-card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="info-section-title">
            Send us a message
          </h2>
          <ContactForm />
        </section>
        <aside className="info-card info-contact-aside" aria-labelledby="contact-details-title">
          <h2 id="contact-details-title" className="info-section-title">
            Other ways to reach us
          </h2>
          {hasDetails ? (
            <ContactList className="info-contact-list" />
          ) : (
            <p className="muted">Use the form and we will answer you by email.</p>
          )}
        </aside>
      </div>
    </InfoPage>
  );
}
