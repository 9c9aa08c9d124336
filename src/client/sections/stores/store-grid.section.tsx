import { defineSection } from '../../engine/types';
import { storeListData, storeListSection } from './store-list';

/** store-grid: cards with label and card text, same settings as the strip. */
const StoreGridSection = storeListSection('grid');

export default defineSection('store-grid', { component: StoreGridSection, data: storeListData });
