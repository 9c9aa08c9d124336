import { useAtomValue } from 'jotai';
import { domainAtom } from '../api/website';
import { usePageTitle } from '../app/effects';
import { AboutContent } from '../features/info/about-content';
import { InfoPage } from '../features/info/info-page';

/** /aboutus: the tenant's footer_about_us text (a sensible default naming the site otherwise). */
export function AboutPage() {
  const domain = useAtomValue(domainAtom);
  usePageTitle('About us');
  return (
    <InfoPage
      title="About us"
      lead={`Coupon codes and deals from the stores you love, collected in one place by ${domain.name}.`}
    >
      <AboutContent siteName={domain.name} aboutText={domain.footer_about_us} />
    </InfoPage>
  );
}
