import type { SectionSettingsByType } from '../../shared/layout/types';
import { defineSection, type SectionProps } from '../../client/engine/types';
import { AffiliateDisclosure } from '../../client/components/affiliate-disclosure';

/** The affiliate disclosure as a home section: layout documents put it next to the offers it is about. */
function AffiliateDisclosureSection(_props: SectionProps<SectionSettingsByType['affiliate-disclosure'], never>) {
  return <AffiliateDisclosure />;
}

export default defineSection('affiliate-disclosure', { component: AffiliateDisclosureSection });
