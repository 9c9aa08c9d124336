import { defineSection } from '../../client/engine/types';
import { storeListData, storeListSection } from '../../client/section-kit/stores/store-list';

/** store-grid: cards with label and card text, same settings as the strip. */
const StoreGridSection = storeListSection('grid');

export default defineSection('store-grid', { component: StoreGridSection, data: storeListData });
