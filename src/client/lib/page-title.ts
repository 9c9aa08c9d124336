import { useEffect } from 'react';
import { atom, useSetAtom } from 'jotai';

// Pages and features set the title; the shell's effects (app/effects/head.ts) write it to <title>.

/** The current page's own title (null: the site name alone). Set through usePageTitle. */
export const pageTitleAtom = atom<string | null>(null);

/** "Page | Site", or the site name alone when the page has no title of its own. */
export function formatTitle(pageTitle: string | null | undefined, siteName: string): string {
  const page = pageTitle?.trim();
  if (!page || page === siteName) return siteName;
  return siteName ? `${page} | ${siteName}` : page;
}

/** For pages: `usePageTitle('Stores')` → document.title "Stores | <site name>" while the page is shown. One per page. */
export function usePageTitle(title: string | null | undefined): void {
  const setTitle = useSetAtom(pageTitleAtom);
  useEffect(() => {
    setTitle(title ?? null);
    return () => setTitle(null);
  }, [setTitle, title]);
}
