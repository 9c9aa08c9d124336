import type { Bootstrap } from '../shared/contract/bootstrap';
import type { AnySectionDefinition } from '../client/engine/types';
import { lazyRegistry, preloadSections } from '../client/engine/section-registry';
import { pageDocuments, sectionTypesOf } from '../shared/layout/page-documents';

/**
 * Section type → its page module, loaded on demand: every `<type>/section.tsx` here, its default export
 * `defineSection('<type>', …)`. The build names each module's chunks (src/server/build/section-chunks.ts) and the
 * server preloads those of the section types on the page.
 */
export const registry = lazyRegistry(import.meta.glob<{ default: AnySectionDefinition }>('./*/section.tsx'));

/** Loads the modules of the section types the documents of the page at `path` use (the server preloaded them). */
export function preloadPageSections(
  path: string,
  { layouts, homeVariants }: Pick<Bootstrap, 'layouts' | 'homeVariants'>,
): Promise<void> {
  return preloadSections(registry, sectionTypesOf(pageDocuments(path, layouts, homeVariants)));
}
