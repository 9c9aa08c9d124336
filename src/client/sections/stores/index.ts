import type { SectionRegistry } from '../../engine/types';

/** The stores section types of the registry. */
export const storesSections: SectionRegistry = {};
