import type { StoreTabsSettings } from '../../../shared/layout/types';
import type { SectionProps } from '../../engine/types';
import { StoreTabs } from '../../components/stores/store-tabs';

/** store-tabs (Home Five): each tab loads its own list when first shown, so it has no single data atom. */
export function StoreTabsSection({ settings, context }: SectionProps<StoreTabsSettings, never>) {
  return <StoreTabs settings={settings} host={context.host} />;
}
