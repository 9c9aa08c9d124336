import { useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { Banner, Coupon, Verification } from '../../../src/shared/contract/entities';
import { successRate } from '../../../src/shared/rules/verification';

// Shapes copied from the live API (GET /api/end-user/coupon/getCouponsBasedOnDomain, recommendBannerByDomain).

/** A coupon nobody has voted on yet. */
export const NO_VOTES = { worked: 0, failed: 0, success_rate: null, last_worked_at: null, votes_24h: 0 };

/** A coupon's pooled tally as the server answers it (its rate from the shared rule). */
export const votes = (worked: number, failed: number, lastWorked: string | null = null): Verification => ({
  worked,
  failed,
  success_rate: successRate(worked, failed),
  last_worked_at: lastWorked,
  votes_24h: 0,
});

export function makeCoupon(i: number, overrides: Partial<Coupon> = {}): Coupon {
  const slug = `store-${i}`;
  return {
    _id: `c${String(i).padStart(23, '0')}`,
    name: `Deal number ${i}`,
    title: `Title ${i}`,
    description: `Description ${i}`,
    category: 'Electronics',
    image: `stores/${slug}.svg`,
    code: i % 2 === 0 ? `CODE${i}` : null,
    expiry_date: null,
    link: `https://${slug}.example/deal/${i}?aff=dealdeck`,
    finalLink: `https://${slug}.example/deal/${i}?aff=dealdeck&src=dealdeck-final`,
    domain_link: `https://${slug}.example/?aff=dealdeck`,
    is_recommended: true,
    created_at: '2026-11-19T23:34:36.693Z',
    store: { name: `Store ${i}`, image: `stores/${slug}.svg`, slug },
    store_id: {
      _id: `s${String(i).padStart(23, '0')}`,
      name: `Store ${i}`,
      slug,
      image: `stores/${slug}.svg`,
      desktop_redirection_type: 'default',
    },
    verification: NO_VOTES,
    ...overrides,
  };
}

export function makeBanner(i: number, dimension: Banner['banner_dimension'] = '300 * 250'): Banner {
  return {
    _id: `b${i}`,
    banner_dimension: dimension,
    kind: 'recommend',
    image_upload: `banners/one/300x250-${i}.svg`,
    image_url: null,
    redirect_url: `https://banner-${i}.example/?ref=one-banner-${i}`,
    store_id: null,
  };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type Route = (url: URL, init?: RequestInit) => Response | Promise<Response> | undefined;

/** A fetch stub answering by path; unknown paths fail loudly so a test never silently depends on them. */
export function stubApi(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test.localhost');
    const route = routes[url.pathname];
    const answer = route ? await route(url, init) : undefined;
    return answer ?? json(404, { success: false, message: `no stub for ${url.pathname}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Calls made to one path. */
export function callsTo(fetchMock: ReturnType<typeof stubApi>, path: string) {
  return fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://test.localhost').pathname === path);
}

/** Shows the router's current path, so a test can see an in-app navigation. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

export const context = { host: 'test.localhost', assetBase: '/assets/', preview: false };
