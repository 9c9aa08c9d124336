import type { StoreTabsSettings } from '../../shared/layout/types';
import { defineSection, type SectionProps } from '../../client/engine/types';
import { StoreTabs } from '../../client/components/stores/store-tabs';

/** store-tabs (Home Five): each tab loads its own list when first shown, so it has no single data atom. */
function StoreTabsSection({ settings, context }: SectionProps<StoreTabsSettings, never>) {
  return <StoreTabs settings={settings} host={context.host} />;
}

export default defineSection('store-tabs', { component: StoreTabsSection });
