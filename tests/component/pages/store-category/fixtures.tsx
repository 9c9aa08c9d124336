import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Route, Routes } from 'react-router-dom';
import { render } from '@testing-library/react';
import type { CategoryCount, Coupon, OfferCounts, Store } from '../../../../src/shared/contract/entities';
import { isOfferType } from '../../../../src/shared/rules/offer-type';
import type { StoreWithCoupons } from '../../../../src/shared/contract/envelopes';
import { pageTitleAtom } from '../../../../src/client/app/effects';
import type { Bootstrap } from '../../../../src/client/lib/bootstrap';
import { withProviders, testBootstrap } from '../../render-helpers';
import { LocationProbe, makeCoupon } from '../../deals/deal-fixtures';

// Shapes copied from the live API (GET /api/end-user/store/store-by-slug?slug=bluebird-books, store-rating-average, getCouponsBasedOnCategory).

export const STORE_BY_SLUG = '/api/end-user/store/store-by-slug';
export const RATING = '/api/end-user/store-rating/store-rating-average';
export const BY_CATEGORY = '/api/end-user/coupon/getCouponsBasedOnCategory';
export const CATEGORIES = '/api/end-user/coupon/getUniqueCategoryAndCount';
export const VISIT = '/api/end-user/coupon/record-visit';

/** A 24-hex id derived from the slug (FNV-1a), like the seeded ids. */
function idOf(slug: string): string {
  let h = 0x811c9dc5;
  for (const ch of slug) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0').repeat(3);
}

export function makeStore(slug: string, overrides: Partial<Store> = {}): Store {
  const name = slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
  return {
    _id: idOf(slug),
    slug,
    name,
    image: `stores/${slug}.svg`,
    description: `Since day one ${name} has focused on quality audiobooks. Browse the latest paperbacks, check today's codes and save on every order.`,
    website_url: `https://${slug}.example/`,
    is_archived: false,
    is_paused: false,
    desktop_redirection_type: 'default',
    visit_count: 5890,
    created_at: '2026-09-03T00:39:13.047Z',
    ...overrides,
  };
}

/** A coupon of `store`: a code when `code` is given, else a deal; expiring at `expiry`. */
export function storeCoupon(i: number, store: Store, code: string | null, expiry: string | null): Coupon {
  const c = makeCoupon(i, { code, expiry_date: expiry, title: `Offer ${i} title`, category: 'Books & Media' });
  return {
    ...c,
    store: { name: store.name, image: store.image, slug: store.slug },
    store_id: {
      _id: store._id,
      name: store.name,
      slug: store.slug,
      image: store.image,
      desktop_redirection_type: store.desktop_redirection_type ?? 'default',
    },
  };
}

const DAY = 86_400_000;
export const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

export const bluebird = makeStore('bluebird-books');
export const related = [
  'orbit-electronics',
  'nova-audio-works',
  'maple-row-toys',
  'opal-oak',
  'lumen-lane',
  'pebble-pine',
  'petal-post',
  'velvet-fern',
  'ribbon-rye',
  'quill-ledger',
].map((s) => makeStore(s));

/** Six coupons as the API orders them (active before expired): three codes, three deals, two of them expired. */
export function bluebirdCoupons(): Coupon[] {
  return [
    storeCoupon(1, bluebird, 'EXTRA40', inDays(3)),
    storeCoupon(2, bluebird, 'SAVE10', inDays(11)),
    storeCoupon(3, bluebird, null, inDays(14)),
    storeCoupon(4, bluebird, 'BOOKS5', null),
    storeCoupon(5, bluebird, null, inDays(-57)),
    storeCoupon(6, bluebird, null, inDays(-18)),
  ];
}

export function storeAnswer(
  overrides: Partial<StoreWithCoupons> = {},
  store: Store = bluebird,
  coupons: Coupon[] = bluebirdCoupons(),
): StoreWithCoupons {
  return {
    success: true,
    data: { store, coupons, related_stores: related },
    total_records: coupons.length,
    total_pages: 1,
    page: 1,
    per_page: 20,
    offer_counts: countOffers(coupons),
    ...overrides,
  };
}

export const ratingAnswer = (storeId: string, average: number | null, count: number) => ({
  success: true,
  data: { store_id: storeId, average, count },
});

export const categories: CategoryCount[] = [
  { category: 'Fashion', count: 34 },
  { category: 'Electronics', count: 33 },
  { category: 'Home & Garden', count: 27 },
  { category: 'Beauty', count: 20 },
  { category: 'Computers, Tablets & Accessories', count: 18 },
  { category: 'Pets', count: 26 },
  { category: 'Air', count: 19 },
];

/** The page title the page asked for (the shell turns it into "title | site"). */
function TitleProbe() {
  const title = useAtomValue(pageTitleAtom);
  return <output data-testid="page-title">{title ?? ''}</output>;
}

/** Mounts `page` on its real route pattern at `path`, with a location and title probe. */
export function mountPage(pattern: string, page: ReactNode, path: string, bootstrap: Bootstrap = testBootstrap()) {
  return render(
    withProviders(
      <>
        <LocationProbe />
        <TitleProbe />
        <Routes>
          <Route path={pattern} element={page} />
        </Routes>
      </>,
      bootstrap,
      path,
    ),
  );
}

/** The server's per-type totals of a list (issue 13's tabs), for answers built from a few coupons. */
export function countOffers(coupons: readonly Coupon[]): OfferCounts {
  const code = coupons.filter((c) => isOfferType('code', c)).length;
  const freeShipping = coupons.filter((c) => isOfferType('free_shipping', c)).length;
  return { all: coupons.length, code, deal: coupons.length - code, free_shipping: freeShipping };
}
