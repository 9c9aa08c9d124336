import type { AnySectionDefinition, SectionEntry, SectionRegistry } from './types';

// The registry is built from the section folders themselves: `src/sections/<type>/section.tsx` draws section type
// <type>, so adding a section type adds no line here or in any table.

/** A section module as `import.meta.glob` gives it: loaded on demand, its default export the definition. */
export type SectionModuleLoader = () => Promise<{ default: AnySectionDefinition }>;

const SECTION_FILE = /(?:^|\/)([a-z0-9]+(?:-[a-z0-9]+)*)\/section\.tsx$/;

/** The section type a module file draws, from its folder's name; null for a file that is not `<type>/section.tsx`. */
export function sectionTypeOfFile(file: string): string | null {
  return SECTION_FILE.exec(file)?.[1] ?? null;
}

function lazyEntry(file: string, type: string, loadModule: SectionModuleLoader): SectionEntry {
  let loaded: AnySectionDefinition | null = null;
  let pending: Promise<AnySectionDefinition> | null = null;
  const load = (): Promise<AnySectionDefinition> =>
    (pending ??= loadModule().then(
      ({ default: definition }) => {
        if (definition?.type !== type)
          throw new Error(
            `${file} must export defineSection('${type}', …) as its default; it exports ${definition?.type ? `section type "${definition.type}"` : 'no section'}`,
          );
        loaded = definition;
        return definition;
      },
      (error: unknown) => {
        pending = null; // a chunk that failed (offline, a new deploy) may be tried again
        throw error;
      },
    ));
  return { loaded: () => loaded, load };
}

/** The registry of the section modules found by `import.meta.glob('./*\/section.tsx')`, keyed by each folder's type. */
export function lazyRegistry(modules: Readonly<Record<string, SectionModuleLoader>>): SectionRegistry {
  const entries: Record<string, SectionEntry> = {};
  for (const [file, loadModule] of Object.entries(modules)) {
    const type = sectionTypeOfFile(file);
    if (!type) throw new Error(`${file}: a section module is <type>/section.tsx`);
    if (Object.hasOwn(entries, type)) throw new Error(`${file}: section type "${type}" has two modules`);
    entries[type] = lazyEntry(file, type, loadModule);
  }
  return entries;
}

/** An entry whose definition is already here (tests, stubs). */
export function loadedEntry(definition: AnySectionDefinition): SectionEntry {
  return { loaded: () => definition, load: () => Promise.resolve(definition) };
}

/** A registry of definitions already loaded, keyed by their types. */
export function loadedRegistry(...definitions: AnySectionDefinition[]): SectionRegistry {
  return Object.fromEntries(definitions.map((definition) => [definition.type, loadedEntry(definition)]));
}

/** The registry's entry for a type named by a document (a string from data: never a prototype key). */
export function entryOf(registry: SectionRegistry, type: string): SectionEntry | undefined {
  return Object.hasOwn(registry, type) ? registry[type] : undefined;
}

/** Starts loading the modules of the given types (every type when none are given); resolves when all have settled
 * (a failure is left to the section's error boundary). */
export function preloadSections(
  registry: SectionRegistry,
  types: Iterable<string> = Object.keys(registry),
): Promise<void> {
  const loads = [...types].flatMap((type) => {
    const entry = entryOf(registry, type);
    return entry && !entry.loaded() ? [entry.load()] : [];
  });
  return Promise.allSettled(loads).then(() => undefined);
}
