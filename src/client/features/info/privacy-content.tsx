import { Link } from 'react-router-dom';
import { InfoSection } from './info-page';

interface Props {
  siteName: string;
  contactEmail: string | undefined;
  /** Page views are reported only when the tenant set an analytics id. */
  analytics: boolean;
  /** Google reCAPTCHA is loaded only when a site key is configured. */
  recaptcha: boolean;
}

/** The default privacy policy (the domain data has no privacy text): what the site stores, why, and how to reach the operator. */
export function PrivacyContent({ siteName, contactEmail, analytics, recaptcha }: Props) {
  const email = contactEmail?.trim();
  return (
    <div className="info-card info-prose">
      <InfoSection title="Who we are">
        <p>
          {siteName} (“we”) runs this website. This policy explains what information we handle when you use it, why we
          need it and the choices you have. You can browse every store, category and coupon without creating an account.
        </p>
      </InfoSection>
      <InfoSection title="Newsletter">
        <p>
          If you subscribe to our newsletter we store your email address and use it only to send you coupons and deals
          from {siteName}. We do not sell it or share it with stores. You can unsubscribe at any time by contacting us,
          and we will delete your address.
        </p>
      </InfoSection>
      <InfoSection title="Contact form">
        <p>
          When you write to us through the contact form we keep your name, email address and message so that we can
          answer you, and for no other purpose.
        </p>
      </InfoSection>
      <InfoSection title="Cookies and browser storage">
        <p>We do not use advertising cookies. To make the site work, your browser keeps a few items for us:</p>
        <ul>
          <li>
            <strong>Session storage</strong>: a session token and cached banner lists, so pages load faster. They are
            removed when you close the tab.
          </li>
          <li>
            <strong>Local storage</strong>: the details of the offer you last opened (the store&apos;s redirect type and
            its link), so the new tab can take you to the store. It is replaced by the next offer you open.
          </li>
        </ul>
        {analytics && (
          <p>
            We count page views with an analytics service to learn which pages are useful. These statistics do not
            identify you.
          </p>
        )}
        {recaptcha && (
          <p>
            Forms are protected from spam by Google reCAPTCHA, which is subject to Google&apos;s own privacy policy.
          </p>
        )}
        <p>You can clear this storage at any time in your browser settings; the site keeps working.</p>
      </InfoSection>
      <InfoSection title="Links to stores and affiliate links">
        <p>
          Many links to stores are affiliate links: when you follow one and buy something, the store may pay us a
          commission. It costs you nothing extra. Once you leave {siteName}, the store and any affiliate network it
          works with may set their own cookies to credit the sale; their privacy policies apply there.
        </p>
      </InfoSection>
      <InfoSection title="Your choices and contact">
        <p>
          You can ask us what we hold about you, or ask us to correct or delete it.{' '}
          {email ? (
            <>
              Write to <a href={`mailto:${email}`}>{email}</a> or use our <Link to="/contactus">contact form</Link>.
            </>
          ) : (
            <>
              Use our <Link to="/contactus">contact form</Link>.
            </>
          )}
        </p>
      </InfoSection>
    </div>
  );
}
