import { HOME_VARIANT_PATHS } from './home-variants';

// Which layout documents a page draws, and so which section types it needs: the server preloads their chunks and the
// browser loads their components before it hydrates (one rule for both sides).

interface Documents<D> {
  home: D;
  header: D;
  footer: D;
  mobileFooter?: D | null;
}

/** Header, footer and mobile footer on every page; the home document on / and the /home2–/home4 variants. */
export function pageDocuments<D>(
  path: string,
  layouts: Documents<D> | null | undefined,
  homeVariants?: Readonly<Record<string, D>> | null,
): D[] {
  if (!layouts) return [];
  const chrome = [layouts.header, layouts.footer, ...(layouts.mobileFooter ? [layouts.mobileFooter] : [])];
  const bare = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (bare === '/') return [layouts.home, ...chrome];
  const variant = Object.hasOwn(HOME_VARIANT_PATHS, bare) ? HOME_VARIANT_PATHS[bare] : undefined;
  return variant === undefined ? chrome : [homeVariants?.[variant] ?? layouts.home, ...chrome];
}

/** The section types of some documents, each once, in order of first use. */
export function sectionTypesOf(docs: readonly { doc: { sections: readonly { type: string }[] } }[]): string[] {
  return [...new Set(docs.flatMap((d) => d.doc.sections.map((s) => s.type)))];
}
