import type { SectionRegistry } from '../../engine/types';

/** The chrome section types of the registry. */
export const chromeSections: SectionRegistry = {};
