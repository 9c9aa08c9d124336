import type { SectionRegistry } from './types';

// The section registry the layout slots draw with. The app sets it once at boot, from the lazily loaded sections
// chunk (which the server preloads beside the entry), so neither the sections nor their data atoms weigh on the
// first load; tests set it in their setup.
let current: SectionRegistry = {};

export function setSectionRegistry(registry: SectionRegistry): void {
  current = registry;
}

export function sectionRegistry(): SectionRegistry {
  return current;
}
