import { useAtomValue } from 'jotai';
import type { StoresNewsletterRowSettings } from '../../shared/layout/types';
import { defineSection, type SectionProps } from '../../client/engine/types';
import { StoreList } from '../../client/components/stores/store-list';
import { Newsletter } from '../../client/section-kit/newsletter/newsletter';
import type { StoreListResult } from '../../client/section-kit/stores/store-list';
import { storeTilesAtom } from '../../client/api/stores';
import './stores-newsletter-row.css';

/** Three/Four: the newly added stores strip with the newsletter box beside it (side from newsletterSide); stacked on phones. */
function StoresNewsletterRowSection({
  id,
  settings,
  data,
  context,
}: SectionProps<StoresNewsletterRowSettings, StoreListResult>) {
  const result = useAtomValue(data!);
  const stores = (
    <div className="stores-newsletter-row-stores" key="stores">
      <StoreList result={result} settings={settings.stores} presentation="strip" />
    </div>
  );
  const newsletter = (
    <div className="stores-newsletter-row-newsletter" key="newsletter">
      <Newsletter id={`${id}-newsletter`} settings={settings.newsletter} data={null} context={context} />
    </div>
  );
  // DOM order follows the visual order so reading and tab order match what is seen.
  return (
    <div className={`stores-newsletter-row stores-newsletter-row-${settings.newsletterSide}`}>
      {settings.newsletterSide === 'start' ? [newsletter, stores] : [stores, newsletter]}
    </div>
  );
}

export default defineSection('stores-newsletter-row', {
  component: StoresNewsletterRowSection,
  data: (s, ctx) => storeTilesAtom(ctx.host, s.stores.source, s.stores.fetchLimit),
});
