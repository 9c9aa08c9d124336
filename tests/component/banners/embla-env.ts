// jsdom has no layout and no Resize/IntersectionObserver: give embla a 300 px viewport with 300 px slides side by side.
import { vi } from 'vitest';
import type { Banner } from '../../../src/shared/contract/entities';
import type { BannerDimension } from '../../../src/shared/contract/values';

const SLIDE = 300;

class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

export function installEmblaEnv(): () => void {
  vi.stubGlobal('ResizeObserver', NoopObserver);
  vi.stubGlobal('IntersectionObserver', NoopObserver);
  const proto = HTMLElement.prototype;
  const width = Object.getOwnPropertyDescriptor(proto, 'offsetWidth');
  const left = Object.getOwnPropertyDescriptor(proto, 'offsetLeft');
  const height = Object.getOwnPropertyDescriptor(proto, 'offsetHeight');
  const isSlide = (el: HTMLElement) => el.classList.contains('banner-carousel-slide');
  // Embla reads the last slide's computed margin; jsdom answers '' (NaN) unless a rule sets it.
  const style = document.createElement('style');
  style.textContent = '.banner-carousel-slide { margin: 0px; }';
  document.head.append(style);
  Object.defineProperty(proto, 'offsetWidth', { configurable: true, get: () => SLIDE });
  Object.defineProperty(proto, 'offsetHeight', { configurable: true, get: () => 100 });
  Object.defineProperty(proto, 'offsetLeft', {
    configurable: true,
    get(this: HTMLElement) {
      return isSlide(this) ? Array.prototype.indexOf.call(this.parentElement?.children ?? [], this) * SLIDE : 0;
    },
  });
  return () => {
    style.remove();
    for (const [name, d] of [
      ['offsetWidth', width],
      ['offsetLeft', left],
      ['offsetHeight', height],
    ] as const) {
      if (d) Object.defineProperty(proto, name, d);
    }
    vi.unstubAllGlobals();
  };
}

/** matchMedia answering `matches` for the reduced-motion query only. */
export function stubReducedMotion(reduce: boolean): () => void {
  const before = window.matchMedia;
  window.matchMedia = (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
  return () => {
    window.matchMedia = before;
  };
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A live-API-shaped banner (copied from GET /end-user/advertisement/recommendBannerByDomain on the demo data). */
export function apiBanner(n: number, dimension: BannerDimension = '728 * 90', kind: 'ad' | 'recommend' = 'ad'): Banner {
  const file = dimension.replace(' * ', 'x');
  return {
    _id: `${kind}-${file}-${n}`,
    banner_dimension: dimension,
    kind,
    image_upload: `banners/two/${file}-${n}.svg`,
    image_url: null,
    redirect_url: `https://store-${n}.example/?ref=two-banner-${file}-${n}`,
    store_id: `store${n}`,
  };
}

/** fetch answering the two banner routes with `count(kind, dimension)` banners; records the URLs asked for. */
export function bannerFetch(count: (kind: 'ad' | 'recommend', dimension: string) => number) {
  const asked: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://test.localhost');
    asked.push(`${url.pathname}?${url.searchParams.toString()}`);
    const kind = url.pathname.includes('recommend') ? 'recommend' : 'ad';
    const dimension = (url.searchParams.get('dimension') ?? '728 * 90') as BannerDimension;
    const data = Array.from({ length: count(kind, dimension) }, (_, i) => apiBanner(i + 1, dimension, kind));
    return json({ success: true, data });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, asked };
}
