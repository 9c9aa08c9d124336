import type { SectionRegistry } from '../../engine/types';

/** The deals section types of the registry. */
export const dealsSections: SectionRegistry = {};
