import { defineSection } from '../../client/engine/types';
import { storeListData, storeListSection } from '../../client/section-kit/stores/store-list';

/** store-strip: one row of logos (wrapping evenly on narrow screens) and an optional link tile. */
const StoreStripSection = storeListSection('strip');

export default defineSection('store-strip', { component: StoreStripSection, data: storeListData });
