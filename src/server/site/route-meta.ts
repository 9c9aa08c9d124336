import { categoriesKey, categoriesPath } from '../../shared/contract/queries/index';
import { categoryMeta, storeMeta } from './catalogue-meta';
import { hiddenPage, notFoundPage, plainPage, titled, type PageMeta, type PageRequest } from './page-meta';

// Each SPA route's head (SPEC §2 table; titles as the pages' usePageTitle): status, title, description, robots, JSON-LD.
type Resolver = (req: PageRequest) => PageMeta | Promise<PageMeta>;

const site = (req: PageRequest): string => req.tenant.data.name;

const home: Resolver = (req) =>
  plainPage(
    { ...req, path: '/' },
    site(req),
    req.tenant.data.meta_description || `Coupons, promo codes and deals from the stores on ${site(req)}.`,
  );

const redirect: Resolver = (req) =>
  hiddenPage(
    req,
    titled(req.tenant, 'Going to the store'),
    `Taking you to the store's offer from ${site(req)}.`,
    'noindex, nofollow',
  );

const RESOLVERS: Record<string, Resolver> = {
  // /home2…/home4 show the same offers in other layouts: one canonical home page.
  '/': home,
  '/home2': home,
  '/home3': home,
  '/home4': home,
  '/store/:storeSlug': storeMeta,
  '/category/:category': categoryMeta,
  '/store': (req) =>
    plainPage(
      req,
      titled(req.tenant, 'All stores'),
      `Every store with coupons and promo codes on ${site(req)}, from A to Z.`,
      { paged: true },
    ),
  '/categories': (req) =>
    plainPage(
      req,
      titled(req.tenant, 'All categories'),
      `Coupons and deals on ${site(req)} by category, with the number of offers in each.`,
    ),
  '/newlyaddedstores': (req) =>
    plainPage(
      req,
      titled(req.tenant, 'Newly added stores'),
      `The stores most recently added to ${site(req)}, with their coupons and deals.`,
      { paged: true },
    ),
  '/coupons': (req) =>
    plainPage(req, titled(req.tenant, 'All deals'), `Every current coupon code and deal on ${site(req)}.`, {
      paged: true,
    }),
  '/searchpage': (req) =>
    hiddenPage(req, titled(req.tenant, 'Search'), `Search the stores and coupons of ${site(req)}.`, 'noindex, follow'),
  '/aboutus': (req) =>
    plainPage(
      req,
      titled(req.tenant, 'About us'),
      req.tenant.data.footer_about_us ||
        `About ${site(req)}: coupons, promo codes and deals, checked and kept up to date.`,
    ),
  '/privacypolicy': (req) =>
    plainPage(
      req,
      titled(req.tenant, 'Privacy policy'),
      `How ${site(req)} collects, uses and protects your information.`,
    ),
  '/contactus': (req) =>
    plainPage(req, titled(req.tenant, 'Contact us'), `Questions or feedback? Send a message to the ${site(req)} team.`),
  '/login': (req) => hiddenPage(req, titled(req.tenant, 'Log in'), `Log in to ${site(req)}.`, 'noindex, nofollow'),
};

/** Routes without the site's header and footer: the categories list is not needed there. */
const isBare = (route: string | null): boolean =>
  route !== null && /^\/(mr|couponsredirect|couponzr)(\/|$)/.test(route);

export async function resolvePageMeta(req: PageRequest): Promise<PageMeta> {
  const route = req.route;
  const resolver = route === null ? undefined : (RESOLVERS[route] ?? (isBare(route) ? redirect : undefined));
  const meta = resolver ? await resolver(req) : notFoundPage(req);
  // The footer and category menus read the categories on every page with the site's chrome.
  if (!route?.startsWith('/mr')) {
    const res = await req.api.get<{ data: unknown }>(req.tenant.host, categoriesPath);
    if (res.body) meta.queries.push({ key: categoriesKey(req.tenant.host), data: res.body.data });
  }
  return meta;
}
