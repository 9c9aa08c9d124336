import type { LoadedDocument } from './types';

/** SPEC §2: /home2 … /home4 show these home_page variants' home documents. */
export const HOME_VARIANT_PATHS: Readonly<Record<string, string>> = {
  '/home2': 'Home Page Two',
  '/home3': 'Home Page Three',
  '/home4': 'Home Page Four',
};

export interface PageLayouts {
  home: LoadedDocument;
  header: LoadedDocument;
  footer: LoadedDocument;
  mobileFooter?: LoadedDocument | null;
}

/**
 * The section types the first render of `pathname` draws from layout documents: header and footers on every page,
 * plus the home document (or the variant's) on a home route. The client preloads their modules before its first
 * render; the server names their chunks in <link rel="modulepreload"> so they download beside the entry.
 */
export function firstPageSectionTypes(layouts: PageLayouts, homeVariants: Readonly<Record<string, LoadedDocument>> | undefined, pathname: string): string[] {
  const docs: (LoadedDocument | null | undefined)[] = [layouts.header, layouts.footer, layouts.mobileFooter];
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') docs.push(layouts.home);
  const variant = HOME_VARIANT_PATHS[path];
  if (variant) docs.push(homeVariants?.[variant] ?? layouts.home);
  return [...new Set(docs.flatMap((d) => (d ? d.doc.sections.map((s) => s.type) : [])))];
}
