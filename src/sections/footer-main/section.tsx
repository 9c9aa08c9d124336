import { useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { commonStores } from '../../shared/rules/common-stores';
import type { FooterMainSettings, Link as LinkItem } from '../../shared/layout/types';
import { domainAtom } from '../../client/api/website';
import { defineSection, type SectionProps } from '../../client/engine/types';
import { ContactList } from '../../client/components/chrome/contact-list';
import { SiteLogo } from '../../client/components/chrome/site-logo';
import { footerDataAtom, type FooterData } from '../../client/section-kit/chrome/footer-data';
import { FooterList } from '../../client/section-kit/chrome/footer-list';
import { PaymentLogos } from '../../client/section-kit/chrome/payment-logos';
import '../../client/section-kit/chrome/footer.css';

/** SPEC §2 footer (variants One–Four, default): about, common stores, first categories, contact, footer text, payments. */
function FooterMain({ settings, data }: SectionProps<FooterMainSettings, FooterData>) {
  const domain = useAtomValue(domainAtom);
  const { stores, categories } = useAtomValue(data!);
  const ids = useId();

  const storeLinks = useMemo<LinkItem[]>(
    () =>
      commonStores(stores?.data?.data ?? [], settings.storesMax).map((s) => ({
        label: s.name,
        to: `/store/${encodeURIComponent(s.slug)}`,
      })),
    [stores?.data, settings.storesMax],
  );
  const categoryLinks = useMemo<LinkItem[]>(
    () =>
      (categories?.data ?? [])
        .slice(0, settings.categoriesCount)
        .map((c) => ({ label: c.category, to: `/category/${encodeURIComponent(c.category)}` })),
    [categories?.data, settings.categoriesCount],
  );
  const about = domain.footer_about_us?.trim();
  const footerText = settings.showFooterText ? domain.footer_text?.trim() : undefined;

  return (
    <div className={`footer-main footer-main--${settings.style}`}>
      <div className="footer-main-inner">
        <div className="footer-col footer-main-about" role="group" aria-labelledby={`${ids}-about`}>
          {settings.showLogo && <SiteLogo className="footer-main-logo" />}
          <h2 id={`${ids}-about`} className="footer-col-title">
            {settings.aboutTitle}
          </h2>
          {about && <p className="footer-main-about-text">{about}</p>}
          <Link to={settings.privacyLink.to} className="footer-link footer-main-privacy">
            {settings.privacyLink.label}
          </Link>
        </div>
        {stores && (
          <FooterList
            className="footer-main-stores"
            title={settings.storesTitle}
            titleId={`${ids}-stores`}
            query={stores}
            links={storeLinks}
            skeletonRows={settings.storesMax}
            errorText="Couldn't load stores."
          />
        )}
        {categories && (
          <FooterList
            className="footer-main-categories"
            title={settings.categoriesTitle}
            titleId={`${ids}-categories`}
            query={categories}
            links={categoryLinks}
            skeletonRows={settings.categoriesCount}
            errorText="Couldn't load categories."
          />
        )}
        {settings.showContact && (
          <div className="footer-col footer-main-contact" role="group" aria-labelledby={`${ids}-contact`}>
            <h2 id={`${ids}-contact`} className="footer-col-title">
              {settings.contactTitle}
            </h2>
            <ContactList />
          </div>
        )}
      </div>
      {(footerText || settings.paymentLogos) && (
        <div className="footer-main-bottom">
          <div className="footer-main-bottom-inner">
            {footerText && <p className="footer-main-text">{footerText}</p>}
            {settings.paymentLogos && <PaymentLogos />}
          </div>
        </div>
      )}
    </div>
  );
}

export default defineSection('footer-main', { component: FooterMain, data: footerDataAtom });
