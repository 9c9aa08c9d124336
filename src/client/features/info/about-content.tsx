import { Link } from 'react-router-dom';
import { RichText } from '../../components/rich-text';
import { InfoSection } from './info-page';

/** The about text when the tenant wrote none (SPEC §3 footer_about_us is optional). */
export function defaultAboutText(siteName: string): string {
  return `${siteName} brings together coupon codes and deals from the stores you already shop at, so you can check for a discount before you pay. Browse by store or category, reveal a code with one click and apply it at checkout.`;
}

/** About us: the tenant's own text first, then how the site works and how it is paid for. */
export function AboutContent({ siteName, aboutText }: { siteName: string; aboutText: string | undefined }) {
  const intro = aboutText?.trim() || defaultAboutText(siteName);
  return (
    <div className="info-card info-prose">
      <InfoSection title="Who we are">
        <RichText as="p" className="info-about-intro" text={intro} />
      </InfoSection>
      <InfoSection title="How it works">
        <ol className="info-steps">
          <li>
            <span>
              <strong>Find your store</strong> Search by name or browse <Link to="/categories">categories</Link> and{' '}
              <Link to="/store">stores</Link>.
            </span>
          </li>
          <li>
            <span>
              <strong>Reveal the offer</strong> Press Show code or View to see the code and copy it; a deal needs no
              code at all.
            </span>
          </li>
          <li>
            <span>
              <strong>Shop and save</strong> We take you to the store; enter the code at checkout and the discount is
              yours.
            </span>
          </li>
        </ol>
      </InfoSection>
      <InfoSection title={`How ${siteName} is funded`}>
        <p>
          {siteName} is free to use. Some links to stores are affiliate links: when you buy something after following
          one, the store may pay us a small commission. It costs you nothing extra and never changes the price you pay.
        </p>
      </InfoSection>
      <InfoSection title="Get in touch">
        <p>Spotted an expired code, or want us to add your favourite store? We would like to hear from you.</p>
        <p className="info-links">
          <Link className="btn btn-primary" to="/contactus">
            Contact us
          </Link>
          <Link className="btn btn-secondary" to="/privacypolicy">
            Privacy policy
          </Link>
        </p>
      </InfoSection>
    </div>
  );
}
