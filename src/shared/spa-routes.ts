import { HOME_VARIANT_PATHS } from './layout/home-variants';
import { LOGIN_PATH, NOT_FOUND_PAGE, PAGE_ROUTES, type PageModule } from './routes';

// SPEC §2: every path the SPA answers, served as index.html (find-my-way syntax): home and its variants, the pages
// of the shared route table, and the login redirect.
export const SPA_ROUTES: readonly string[] = [
  '/',
  ...Object.keys(HOME_VARIANT_PATHS),
  ...PAGE_ROUTES.map((r) => r.path),
  LOGIN_PATH,
];

/** /home2 … /home4 show these home_page variants (SPEC §2): variant name → path. */
export const HOME_VARIANTS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(HOME_VARIANT_PATHS).map(([path, name]) => [name, path]),
);

/** The lazy page module drawn on a route (null for home and the login redirect; the not-found page for no route). */
export function pageModuleOf(route: string | null): PageModule | null {
  if (route === null) return NOT_FOUND_PAGE.module;
  return PAGE_ROUTES.find((r) => r.path === route)?.module ?? null;
}
