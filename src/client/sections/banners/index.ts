import type { SectionRegistry } from '../../engine/types';

/** The banners section types of the registry. */
export const bannersSections: SectionRegistry = {};
