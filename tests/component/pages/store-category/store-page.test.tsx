import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StorePage } from '../../../../src/client/pages/store-page';
import { pageSettings } from '../../../../src/client/config/page-settings';
import { testBootstrap } from '../../render-helpers';
import { callsTo, json, stubApi } from '../../deals/deal-fixtures';
import type { OfferType } from '../../../../src/shared/contract/values';
import { isOfferType } from '../../../../src/shared/rules/offer-type';
import { isVerified } from '../../../../src/shared/rules/verification';
import {
  RATING,
  STORE_BY_SLUG,
  VISIT,
  bluebird,
  bluebirdCoupons,
  countOffers,
  makeStore,
  mountPage,
  ratingAnswer,
  related,
  storeAnswer,
  storeCoupon,
  inDays,
} from './fixtures';

const mount = (path = '/store/bluebird-books', bootstrap = testBootstrap()) =>
  mountPage('/store/:storeSlug', <StorePage />, path, bootstrap);
const heading = () => screen.findByRole('heading', { level: 1 });
const cardTitles = (scope: HTMLElement) =>
  within(scope)
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
const group = (name: RegExp) => screen.getByRole('region', { name }) as HTMLElement;

function api(
  answer: (url: URL) => Response = () => json(200, storeAnswer()),
  rating = () => json(200, ratingAnswer(bluebird._id, 3.67, 6)),
) {
  return stubApi({
    [STORE_BY_SLUG]: (url) => answer(url),
    [RATING]: () => rating(),
    [VISIT]: () =>
      json(200, {
        success: true,
        message: 'Coupon visit recorded.',
        data: { store_id: bluebird._id, visit_count: 5891 },
      }),
  });
}

/** Answers like the API: the offers of the asked type (and verified ones only), with the totals of the whole list. */
function filtered(url: URL, coupons = bluebirdCoupons()): Response {
  const q = url.searchParams;
  const type = q.get('type') as OfferType | null;
  const shown = coupons.filter(
    (c) =>
      (type === null || isOfferType(type, c)) &&
      (q.get('verified') !== '1' || isVerified(c.verification.worked, c.verification.failed)),
  );
  return json(200, {
    ...storeAnswer({}, bluebird, shown),
    offer_counts: countOffers(coupons),
  });
}

const askedFor = (fetchMock: ReturnType<typeof api>) =>
  callsTo(fetchMock, STORE_BY_SLUG).map(([u]) => Object.fromEntries(new URL(String(u), 'http://x').searchParams));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('store page header', () => {
  it('shows logo, name, description, visit count, average rating, breadcrumb and the title', async () => {
    const fetchMock = api();
    mount();
    expect((await heading()).textContent).toBe('Bluebird Books coupons & promo codes');
    const logo = document.querySelector('.store-header img');
    expect(logo?.getAttribute('src')).toBe('/assets/stores/bluebird-books.svg');
    expect(logo?.getAttribute('alt')).toBe('Bluebird Books logo');
    expect(screen.getByText(bluebird.description!)).toBeVisible();
    expect(screen.getByText('5,890 visits')).toBeVisible();
    expect(await screen.findByText('3.7 (6 ratings)')).toBeVisible();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getAllByRole('listitem').map((li) => li.textContent?.replace('›', '').trim())).toEqual([
      'Home',
      'Stores',
      'Bluebird Books',
    ]);
    expect(crumbs.getByRole('link', { name: 'Stores' }).getAttribute('href')).toBe('/store');
    expect(screen.getByTestId('page-title').textContent).toBe('Bluebird Books coupons & promo codes');
    const [url] = callsTo(fetchMock, STORE_BY_SLUG)[0]!;
    expect(new URL(String(url), 'http://x').searchParams.get('slug')).toBe('bluebird-books');
    expect(new URL(String(url), 'http://x').searchParams.get('page')).toBe('1');
    const [ratingUrl] = callsTo(fetchMock, RATING)[0]!;
    expect(new URL(String(ratingUrl), 'http://x').searchParams.get('storeId')).toBe(bluebird._id);
  });

  it('links "Visit store" to the website_url the API returned, in a new tab, sponsored and nofollow', async () => {
    api();
    mount();
    const visit = await screen.findByRole('link', { name: /Visit store/ });
    expect(visit.getAttribute('href')).toBe('https://bluebird-books.example/');
    expect(visit.getAttribute('target')).toBe('_blank');
    expect(visit.getAttribute('rel')).toBe('sponsored nofollow noopener');
  });

  it.each([
    ['missing', undefined],
    ['not http(s)', 'javascript:alert(1)'],
  ])('has no "Visit store" link when website_url is %s', async (_, website_url) => {
    const answer = storeAnswer();
    // JSON drops an undefined website_url: the answer of an API that leaves the field out.
    api(() => json(200, { ...answer, data: { ...answer.data, store: { ...bluebird, website_url } } }));
    mount();
    await heading();
    expect(screen.queryByRole('link', { name: /Visit store/ })).toBeNull();
  });

  it('says "No ratings yet" when nobody rated the store, and "1 rating" in the singular', async () => {
    api(undefined, () => json(200, ratingAnswer(bluebird._id, null, 0)));
    mount();
    expect(await screen.findByText('No ratings yet')).toBeVisible();
    cleanup();
    api(undefined, () => json(200, ratingAnswer(bluebird._id, 5, 1)));
    mount();
    expect(await screen.findByText('5.0 (1 rating)')).toBeVisible();
  });

  it('leaves the description out when the store has none', async () => {
    api(() => json(200, storeAnswer({}, { ...bluebird, description: '' })));
    const { container } = mount();
    await heading();
    expect(container.querySelector('.store-header-description')).toBeNull();
  });
});

describe('store page offers', () => {
  it('lists active offers first and the expired ones apart under "Expired offers", as deal cards with View', async () => {
    api();
    mount();
    await heading();
    expect(cardTitles(group(/^Bluebird Books offers/))).toEqual([
      'Offer 1 title',
      'Offer 2 title',
      'Offer 3 title',
      'Offer 4 title',
    ]);
    const expired = group(/^Expired offers/);
    expect(cardTitles(expired)).toEqual(['Offer 5 title', 'Offer 6 title']);
    expect(within(expired).getAllByText('Expired')).toHaveLength(2);
    expect(within(group(/^Bluebird Books offers/)).getAllByRole('button', { name: 'View' })).toHaveLength(4);
  });

  it('asks the API for the tab chosen, keeps it in the address and counts with the server totals', async () => {
    const fetchMock = api(filtered);
    mount();
    await heading();
    const tab = (name: RegExp) => screen.getByRole('tab', { name });
    expect(tab(/^All/).textContent).toBe('All 6');
    expect(tab(/^Codes/).textContent).toBe('Codes 3');
    expect(tab(/^Deals/).textContent).toBe('Deals 3');
    expect(tab(/^Free shipping/).textContent).toBe('Free shipping 0');
    expect(tab(/^All/).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(tab(/^Codes/));
    expect(screen.getByTestId('location').textContent).toBe('/store/bluebird-books?type=code');
    // The previous offers stay drawn, marked busy, until the API answers.
    expect(document.querySelector('[role="tabpanel"]')?.getAttribute('aria-busy')).toBe('true');
    await waitFor(() =>
      expect(cardTitles(group(/^Bluebird Books codes/))).toEqual(['Offer 1 title', 'Offer 2 title', 'Offer 4 title']),
    );
    expect(document.querySelector('[role="tabpanel"]')?.getAttribute('aria-busy')).toBe('false');
    expect(screen.queryByRole('region', { name: /^Expired offers/ })).toBeNull();
    expect(askedFor(fetchMock).at(-1)).toMatchObject({ slug: 'bluebird-books', type: 'code' });
    // The tabs keep the list's totals whatever the filter.
    expect(tab(/^All/).textContent).toBe('All 6');

    fireEvent.click(tab(/^Deals/));
    await waitFor(() => expect(cardTitles(group(/^Bluebird Books deals/))).toEqual(['Offer 3 title']));
    expect(cardTitles(group(/^Expired offers/))).toEqual(['Offer 5 title', 'Offer 6 title']);
  });

  it('sends the sort and the verified switch to the API and keeps them in the address', async () => {
    const fetchMock = api(filtered);
    mount('/store/bluebird-books?type=code&page=2');
    await heading();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort' }), { target: { value: 'ending_soon' } });
    // Another filter starts from page 1.
    expect(screen.getByTestId('location').textContent).toBe('/store/bluebird-books?type=code&sort=ending_soon');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Verified by shoppers' }));
    expect(screen.getByTestId('location').textContent).toBe(
      '/store/bluebird-books?type=code&verified=1&sort=ending_soon',
    );
    expect(await screen.findByText(/No verified codes from Bluebird Books right now/)).toBeVisible();
    expect(askedFor(fetchMock).at(-1)).toMatchObject({ type: 'code', verified: '1', sort: 'ending_soon' });
  });

  it('moves between the tabs with the arrow keys; an older ?show=deals address still works', async () => {
    api(filtered);
    mount('/store/bluebird-books?show=deals');
    await heading();
    const deals = screen.getByRole('tab', { name: /^Deals/ });
    expect(deals.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(deals, { key: 'ArrowRight' });
    const free = screen.getByRole('tab', { name: /^Free shipping/ });
    expect(free.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(free);
    expect(screen.getByTestId('location').textContent).toBe('/store/bluebird-books?type=free_shipping');
    fireEvent.keyDown(free, { key: 'Home' });
    expect(screen.getByTestId('location').textContent).toBe('/store/bluebird-books');
  });

  it('says so when a tab has nothing, with a way back to all offers', async () => {
    const codesOnly = [storeCoupon(1, bluebird, 'ONLY', inDays(2))];
    api((url) => filtered(url, codesOnly));
    mount('/store/bluebird-books?type=deal');
    expect(await screen.findByText(/No deals from Bluebird Books right now/)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Show all offers' }));
    await waitFor(() => expect(cardTitles(group(/^Bluebird Books offers/))).toEqual(['Offer 1 title']));
  });

  it('pages with ?page=N: asks for that page and shows the page links', async () => {
    const fetchMock = api(() => json(200, storeAnswer({ total_records: 26, total_pages: 2, page: 2 })));
    mount('/store/bluebird-books?page=2');
    await heading();
    const [url] = callsTo(fetchMock, STORE_BY_SLUG)[0]!;
    expect(new URL(String(url), 'http://x').searchParams.get('page')).toBe('2');
    expect(screen.getByText('26 offers · page 2 of 2')).toBeVisible();
    const nav = within(screen.getByRole('navigation', { name: 'Bluebird Books offer pages' }));
    expect(nav.getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/store/bluebird-books');
    expect(nav.getByText('2').getAttribute('aria-current')).toBe('page');
  });

  it("counts in the offers heading's badge what the summary counts: every page of the filter (issue 26)", async () => {
    // Page 1 of 2: 20 listed here (18 active, 2 expired), 23 in all.
    const page = Array.from({ length: 20 }, (_, i) =>
      storeCoupon(i + 1, bluebird, i % 2 ? 'CODE' : null, i >= 18 ? inDays(-3) : inDays(5)),
    );
    api(() => json(200, storeAnswer({ total_records: 23, total_pages: 2, page: 1 }, bluebird, page)));
    mount();
    await heading();
    expect(screen.getByText('23 offers · page 1 of 2')).toBeVisible();
    const offers = screen.getByRole('heading', { level: 2, name: /^Bluebird Books offers/ });
    expect(offers.textContent).toBe('Bluebird Books offers 23');
    expect(cardTitles(group(/^Bluebird Books offers/))).toHaveLength(18);
    // The expired part of this page is not a second, different count.
    expect(screen.getByRole('heading', { level: 2, name: /^Expired offers/ }).textContent?.trim()).toBe(
      'Expired offers',
    );
    expect(document.querySelectorAll('.coupon-group-count')).toHaveLength(1);
  });

  it('has a helpful empty state for a store without offers', async () => {
    api(() => json(200, storeAnswer({ total_records: 0, total_pages: 0 }, bluebird, [])));
    mount();
    expect(await screen.findByRole('heading', { name: 'No offers from Bluebird Books right now' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'See all deals' }).getAttribute('href')).toBe('/coupons');
  });

  it('lists related stores as cards linking to their store pages, up to the page setting', async () => {
    api();
    mount();
    await heading();
    const links = within(screen.getByRole('region', { name: 'Related stores' })).getAllByRole('link');
    expect(links).toHaveLength(pageSettings.relatedStores);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(
      related.slice(0, pageSettings.relatedStores).map((s) => `/store/${s.slug}`),
    );
    expect(links[0]!.textContent).toContain('Orbit Electronics');
  });

  it('View records the visit and opens /couponsredirect/coupon/{store}/{id} in a new tab with noopener', async () => {
    const fetchMock = api();
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    mount();
    await heading();
    fireEvent.click(within(group(/^Bluebird Books offers/)).getAllByRole('button', { name: 'View' })[0]!);
    expect(open).toHaveBeenCalledWith(
      '/couponsredirect/coupon/bluebird-books/c00000000000000000000001',
      '_blank',
      'noopener',
    );
    await waitFor(() => expect(callsTo(fetchMock, VISIT)).toHaveLength(1));
  });
});

describe('store page states', () => {
  it('draws a skeleton of the page while the store loads', async () => {
    let release: (r: Response) => void = () => {};
    api(() => new Promise<Response>((resolve) => (release = resolve)) as unknown as Response);
    mount();
    expect(screen.getByLabelText('Loading store').getAttribute('aria-busy')).toBe('true');
    release(json(200, storeAnswer()));
    await heading();
    expect(screen.queryByLabelText('Loading store')).toBeNull();
  });

  it('uses the data the server inlined under the store query key, without asking the API again', async () => {
    const fetchMock = api();
    const bootstrap = testBootstrap({
      queries: [{ key: ['stores', 'test.localhost', 'by-slug', 'bluebird-books', 1, ''], data: storeAnswer() }],
    });
    mount('/store/bluebird-books', bootstrap);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Bluebird Books');
    await screen.findByText('3.7 (6 ratings)');
    expect(callsTo(fetchMock, STORE_BY_SLUG)).toHaveLength(0);
  });

  it('shows "Store not found" with a search box and links for an unknown slug (API 404)', async () => {
    api(() => json(404, { success: false, message: 'Store not found.' }));
    mount('/store/no-such-store');
    expect((await heading()).textContent).toBe('Store not found');
    expect(screen.getByText('no-such-store')).toBeVisible();
    expect(screen.getByRole('search')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse all stores' }).getAttribute('href')).toBe('/store');
    expect(screen.getByRole('link', { name: 'All categories' }).getAttribute('href')).toBe('/categories');
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Store not found'), {
      timeout: 3000,
    });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'bluebird' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByTestId('location').textContent).toBe('/searchpage?q=bluebird');
  });

  it('treats a slug the API refuses (400) and an archived or paused store as not found, like the server', async () => {
    api(() => json(400, { success: false, message: 'querystring/slug must match pattern' }));
    mount('/store/%E2%9C%93');
    expect((await heading()).textContent).toBe('Store not found');
    cleanup();
    const paused = makeStore('hearthstone-bakery', { is_paused: true });
    api(() => json(200, storeAnswer({}, paused, [])));
    mount('/store/hearthstone-bakery');
    expect((await heading()).textContent).toBe('Store not found');
    expect(screen.getByText(/is no longer listed here/).textContent).toContain('Hearthstone Bakery');
  });

  it('shows an error with Try again when the API fails, then the store', async () => {
    let fail = true;
    api(() => (fail ? json(503, { success: false, message: 'Database unavailable.' }) : json(200, storeAnswer())));
    mount();
    expect((await screen.findByRole('alert')).textContent).toContain("Couldn't load this store.");
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await heading()).textContent).toContain('Bluebird Books');
  });

  it('keeps the page when the rating cannot be loaded (no rating shown, no error box)', async () => {
    api(undefined, () => json(500, { success: false, message: 'boom' }));
    const { container } = mount();
    await heading();
    // The query client retries once (about a second) before giving up.
    await waitFor(() => expect(container.querySelector('.store-rating-skeleton')).toBeNull(), { timeout: 4000 });
    expect(container.querySelector('.store-rating')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
