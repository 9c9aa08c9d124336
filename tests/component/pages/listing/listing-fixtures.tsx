// Fixtures for the listing and search page tests: a small tenant (stores, coupons, categories) served by a fetch stub that
// pages, filters and searches like the API server does (shapes copied from the live API), and a mount with the app's providers.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { createAppStore } from '../../../../src/client/app/store';
import { pageTitleAtom } from '../../../../src/client/app/effects';
import type { CategoryCount, Coupon, Store } from '../../../../src/shared/contract/entities';
import { testBootstrap } from '../../render-helpers';
import type { OfferType } from '../../../../src/shared/contract/values';
import { isOfferType } from '../../../../src/shared/rules/offer-type';
import { isVerified } from '../../../../src/shared/rules/verification';

const NAMES = [
  'Atlas Drafting Supply',
  'Bluebird Books',
  'Brewhaven Coffee Roasters',
  'Brightside Pets',
  'Bytewise Computers',
  'Cedar Hollow Home',
  'Circuit Cove',
  'Copper Kettle Kitchen',
  'Driftwood Surf',
  'Fable & Thread',
  'Gearshift Garage',
  'Gilded Sparrow',
  'Inkwell Desk Co.',
  'Kestrel Kitchenware',
  'Kindred Kids',
  'Lumen Lane',
  'Maple Row Toys',
  'Marigold Beauty',
  'Nova Audio Works',
  'Opal & Oak',
  'Orbit Electronics',
  'Paperclip Depot',
  'Pebble & Pine',
  'Quantum Gadgets',
  'Quill & Ledger',
  'Ribbon & Rye',
  'Silverline Luggage',
  'Summit Trail Gear',
  'Tandem Cycles',
  'The Professional Drafting & Survey Supply Company',
  'Tidewater Travel',
  'Urban Canopy',
  'Velvet Fern',
  'Vinyl Lantern Records',
  'Wanderpost Journeys',
  'Wolfpine Camping',
  'Yarrow Apothecary',
  'Zephyrline Airways',
  '8Bit Arcade',
  'Églantine Paris',
  ...Array.from({ length: 20 }, (_, i) => `Harbor Goods ${String(i + 1).padStart(2, '0')}`),
];
export const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const hex = (prefix: string, i: number) => `${prefix}${i.toString(16).padStart(24 - prefix.length, '0')}`;

/**
 * The tenant's 60 active stores as the API orders them (lower(name); 'é' after 'z' as in the database), created_at a day apart.
 * At 48 a page: page 1 runs '8Bit Arcade' … 'Silverline Luggage', page 2 'Summit Trail Gear' … 'Églantine Paris'.
 */
export const STORES: Store[] = [...NAMES]
  .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1))
  .map((name, i) => {
    const slug = slugOf(name);
    return {
      _id: hex('a0', i),
      slug,
      name,
      image: `stores/${slug}.svg`,
      description: `${name} deals.`,
      website_url: `https://${slug}.example/`,
      is_archived: false,
      is_paused: false,
      desktop_redirection_type: 'default',
      visit_count: 1000 - i,
      created_at: new Date(Date.UTC(2026, 10, 21 - i, 12)).toISOString(),
    };
  });

const TITLES = [
  '30% off sitewide',
  'Free delivery',
  'Save 10% on audiobooks',
  'Buy one get one free',
  'Exclusive 60% code',
];
/** 30 coupons, newest first (coupon-list-by-website order). */
export const COUPONS: Coupon[] = Array.from({ length: 30 }, (_, i) => {
  const store = STORES[i % STORES.length]!;
  return {
    _id: hex('c0', i),
    name: `${TITLES[i % TITLES.length]} ${i}`,
    title: `${TITLES[i % TITLES.length]} at ${store.name}`,
    description: `Offer ${i} description.`,
    category: i % 2 ? 'Electronics' : 'Fashion',
    image: store.image,
    code: i % 3 ? `CODE${i}` : null,
    expiry_date: '2027-05-18T01:37:55.767Z',
    link: `https://${store.slug}.example/deal/${i}?aff=dealdeck`,
    finalLink: `https://${store.slug}.example/deal/${i}?aff=dealdeck&src=final`,
    domain_link: `https://${store.slug}.example/?aff=dealdeck`,
    is_recommended: false,
    created_at: new Date(Date.UTC(2026, 10, 20, 12) - i * 3600_000).toISOString(),
    store: { name: store.name, image: store.image, slug: store.slug },
    store_id: {
      _id: store._id,
      name: store.name,
      slug: store.slug,
      image: store.image,
      desktop_redirection_type: 'default',
    },
    verification: { worked: 0, failed: 0, success_rate: null, last_worked_at: null, votes_24h: 0 },
  };
});

export const CATEGORIES: CategoryCount[] = [
  { category: 'Garden Tools', count: 4 },
  { category: 'Fashion', count: 34 },
  { category: 'Electronics', count: 33 },
  { category: 'Home & Garden', count: 27 },
];

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function paged<T>(list: T[], url: URL) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const perPage = Number(url.searchParams.get('per_page') ?? 20);
  return {
    data: list.slice((page - 1) * perPage, page * perPage),
    total: list.length,
    total_pages: Math.ceil(list.length / perPage),
    page,
    per_page: perPage,
  };
}
const listAnswer = <T,>(list: T[], url: URL) => {
  const p = paged(list, url);
  return {
    success: true,
    data: p.data,
    total_records: p.total,
    total_pages: p.total_pages,
    page: p.page,
    per_page: p.per_page,
  };
};
const searchAnswer = <T,>(list: T[], url: URL) => {
  const p = paged(list, url);
  return {
    success: true,
    data: p.data,
    totalRecords: p.total,
    total_pages: p.total_pages,
    per_page: p.per_page,
    page: p.page,
  };
};
/** A coupon list as the API answers it: the asked type (and verified ones) only, with the whole list's totals. */
function offerAnswer<A extends object>(list: Coupon[], url: URL, answer: (shown: Coupon[], url: URL) => A) {
  const q = url.searchParams;
  const type = q.get('type') as OfferType | null;
  const shown = list.filter(
    (c) =>
      (type === null || isOfferType(type, c)) &&
      (q.get('verified') !== '1' || isVerified(c.verification.worked, c.verification.failed)),
  );
  const code = list.filter((c) => isOfferType('code', c)).length;
  const offer_counts = {
    all: list.length,
    code,
    deal: list.length - code,
    free_shipping: list.filter((c) => isOfferType('free_shipping', c)).length,
  };
  return { ...answer(shown, url), offer_counts };
}
const contains = (text: string, term: string | null) => text.toLowerCase().includes((term ?? '').trim().toLowerCase());

export interface StubOptions {
  stores?: Store[];
  coupons?: Coupon[];
  /** Paths answering 500 until removed from the set. */
  fail?: Set<string>;
  /** Paths that never answer. */
  hang?: Set<string>;
}

/** A fetch stub answering like the API server for the paths these pages use; anything else is a loud 404. */
export function stubApi(options: StubOptions = {}) {
  const stores = options.stores ?? STORES;
  const coupons = options.coupons ?? COUPONS;
  const recorded: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test.localhost');
    const path = url.pathname;
    if (options.hang?.has(path)) return new Promise<Response>(() => {});
    if (options.fail?.has(path)) return json(500, { success: false, message: 'database unavailable' });
    const q = url.searchParams;
    switch (path) {
      case '/api/end-user/store/getActiveStoresBasedOnDomain':
        return json(200, listAnswer(stores, url));
      case '/api/end-user/store/stores-by-name':
        return json(
          200,
          listAnswer(
            stores.filter((s) => contains(s.name, q.get('name'))),
            url,
          ),
        );
      case '/end-user/store/search-store':
        return json(
          200,
          searchAnswer(
            stores.filter((s) => contains(s.name, q.get('search'))),
            url,
          ),
        );
      case '/end-user/coupon/search-coupon':
        return json(
          200,
          offerAnswer(
            coupons.filter((c) => contains(c.name, q.get('search'))),
            url,
            searchAnswer,
          ),
        );
      case '/api/end-user/coupon/coupon-list-by-website':
        return json(200, offerAnswer(coupons, url, listAnswer));
      case '/api/end-user/store/latest-stores':
        return json(200, {
          success: true,
          data: [...stores]
            .sort((a, b) => (a.created_at! < b.created_at! ? 1 : -1))
            .slice(0, Number(q.get('limit') ?? 24)),
        });
      case '/api/end-user/store/top-visited-stores':
        return json(200, {
          success: true,
          data: stores.slice(0, Number(q.get('limit') ?? 24)).map((s) => ({
            _id: s._id,
            name: s.name,
            slug: s.slug,
            image: s.image,
            visit_count: s.visit_count,
            store_details: { _id: s._id, name: s.name, slug: s.slug, image: s.image },
          })),
        });
      case '/api/end-user/coupon/getUniqueCategoryAndCount':
        return json(200, { success: true, data: CATEGORIES });
      case '/api/end-user/search/record':
        recorded.push((JSON.parse(String(init?.body)) as { name: string }).name);
        return json(200, { success: true, message: 'Search recorded.' });
      default:
        return json(404, { success: false, message: `no stub for ${path}` });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  /** Requests made to a path, as URLs. */
  const calls = (p: string) =>
    fetchMock.mock.calls.map((c) => new URL(String(c[0]), 'http://test.localhost')).filter((u) => u.pathname === p);
  return { fetchMock, calls, recorded };
}

export function LocationProbe() {
  const { pathname, search, hash } = useLocation();
  return <div data-testid="location">{pathname + search + hash}</div>;
}

/** Renders a page with the app's providers at `path`; returns the jotai store (for the page title). */
export function mountPage(ui: ReactNode, path: string) {
  const store = createAppStore(testBootstrap());
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </Provider>,
  );
  return { ...view, title: () => store.get(pageTitleAtom) };
}
