import { useAtomValue } from 'jotai';
import { domainAtom } from '../api/website';
import { bootstrapAtom } from '../lib/bootstrap-atom';
import { usePageTitle } from '../app/effects';
import { InfoPage } from '../features/info/info-page';
import { PrivacyContent } from '../features/info/privacy-content';

/** /privacypolicy: a plain-language policy naming the tenant and its contact address. */
export function PrivacyPage() {
  const domain = useAtomValue(domainAtom);
  const { config } = useAtomValue(bootstrapAtom);
  usePageTitle('Privacy policy');
  return (
    <InfoPage
      title="Privacy policy"
      lead={`How ${domain.name} handles your information: newsletter, contact messages, browser storage and links to stores.`}
    >
      <PrivacyContent
        siteName={domain.name}
        contactEmail={domain.contact?.email}
        analytics={Boolean(config.analyticsId)}
        recaptcha={Boolean(config.recaptchaSiteKey)}
      />
    </InfoPage>
  );
}
