// Shared fixtures for the stores component tests: real-shaped API answers (copied from the live server), a fetch router
// and a mount that runs sections through the real checker and renderer, so settings get their schema defaults as in the app.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/query-core';
import { vi } from 'vitest';
import { createAppStore } from '../../../src/client/app/store';
import { checkDocument } from '../../../src/client/engine/check-document';
import { LayoutRenderer } from '../../../src/client/engine/layout-renderer';
import type { SectionRegistry } from '../../../src/client/engine/types';
import { registry } from '../../../src/sections/page-registry';
import type { CategoryCount, Store, TopVisitedStore } from '../../../src/shared/contract/entities';
import { testBootstrap } from '../render-helpers';

const names = [
  'Quill & Ledger',
  'Paws & Whiskers Supply',
  'Summit Trail Gear',
  'Tandem Cycles',
  'Brewhaven Coffee Roasters',
  'Vitality Vault',
  'Tailwag Treats',
  'Meridian Motor Parts',
  'Ribbon & Rye',
  'Copper Kettle Kitchen',
  'Yarrow Apothecary',
  'The Professional Drafting & Survey Supply Company',
  'Nova Audio Works',
  'Opal & Oak',
  'Kitebox',
  'Bluebird Books',
  'Orbit Electronics',
  'Vinyl Lantern Records',
  'Wolfpine Camping',
  'Gilded Sparrow',
  'Bytewise Computers',
  'Pebble & Pine',
  'Petal Post',
  'Sunlit Garden Supply',
  'Featherstone Aviary Supply',
  'Maple Row Toys',
  'Cirrus Climate Control',
  'Skyward Air Co.',
  'Little Acorn Baby',
  'Keystone Workwear',
];
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Newly added stores, newest first, as GET /api/end-user/store/latest-stores answers. */
export function latestStores(n: number): Store[] {
  return Array.from({ length: n }, (_, i) => {
    const name = names[i % names.length]! + (i >= names.length ? ` ${i}` : '');
    const slug = slugOf(name);
    return {
      _id: `latest${String(i).padStart(20, '0')}`,
      slug,
      name,
      image: `stores/${slug}.svg`,
      description: `${name} deals.`,
      website_url: `https://${slug}.example/`,
      is_archived: false,
      is_paused: false,
      desktop_redirection_type: 'default',
      visit_count: 100 + i,
      created_at: '2026-11-21T12:38:57.727Z',
    };
  });
}

/**
 * Top-visited entries as GET /api/end-user/store/top-visited-stores answers. The top-level slug / image are made
 * to differ from store_details here so the tests prove links and logos come from store_details (SPEC §3).
 */
export function topVisited(n: number): TopVisitedStore[] {
  return Array.from({ length: n }, (_, i) => {
    const name = names[(names.length - 1 - i + names.length) % names.length]!;
    const slug = slugOf(name);
    return {
      _id: `top${String(i).padStart(21, '0')}`,
      name,
      slug: `stale-${slug}`,
      image: 'stores/stale.svg',
      visit_count: 50000 - i * 100,
      store_details: { _id: `top${i}`, name, slug, image: `stores/${slug}.svg` },
    };
  });
}

export const categories: CategoryCount[] = [
  { category: 'Fashion', count: 34 },
  { category: 'Electronics', count: 33 },
  { category: 'Home & Garden', count: 27 },
  { category: 'Beauty', count: 20 },
  { category: 'Garden Tools', count: 4 },
  { category: 'Computers, Tablets & Accessories', count: 18 },
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch stub answering like the API server: `limit` is honoured, `fail` paths answer 500 until healed. */
export function stubApi(options: { fail?: Set<string>; hang?: boolean } = {}) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://test.localhost');
    if (options.hang) return new Promise<Response>(() => {});
    if (options.fail?.has(url.pathname)) return json(500, { success: false, message: 'database unavailable' });
    const limit = Number(url.searchParams.get('limit') ?? 10);
    if (url.pathname === '/api/end-user/store/latest-stores')
      return json(200, { success: true, data: latestStores(limit) });
    if (url.pathname === '/api/end-user/store/top-visited-stores')
      return json(200, { success: true, data: topVisited(limit) });
    if (url.pathname === '/api/end-user/coupon/getUniqueCategoryAndCount')
      return json(200, { success: true, data: categories });
    if (url.pathname === '/end-user/newsletter/email-subscribe')
      return json(200, { success: true, message: 'Subscribed' });
    return json(404, { success: false, message: `no route ${url.pathname}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The requests made to a path, as URLs. */
  const calls = (path: string) =>
    fetchMock.mock.calls.map((c) => new URL(String(c[0]), 'http://test.localhost')).filter((u) => u.pathname === path);
  return { fetchMock, calls };
}

type SectionJson = { id: string; type: string; placement?: 'main' | 'sidebar'; settings: Record<string, unknown> };

/** The sections of a shipped layout document (layouts/home/<name>.json). */
export function shippedSections(name: string): SectionJson[] {
  const raw = JSON.parse(readFileSync(join(process.cwd(), 'layouts', 'home', `${name}.json`), 'utf8')) as {
    sections: SectionJson[];
  };
  return raw.sections;
}

/** One section of a shipped document, by id, optionally with settings changed. */
export function shippedSection(name: string, id: string, settings: Record<string, unknown> = {}): SectionJson {
  const section = shippedSections(name).find((s) => s.id === id);
  if (!section) throw new Error(`no section ${id} in ${name}.json`);
  return { ...section, settings: { ...section.settings, ...settings } };
}

/** The stores section types (and the newsletter one of them embeds): the rest of a shipped document is not drawn. */
export const STORES_TYPES = [
  'store-strip',
  'store-grid',
  'store-tabs',
  'stores-newsletter-row',
  'category-sidebar',
  'newsletter',
];
const storesRegistry: SectionRegistry = Object.fromEntries(STORES_TYPES.map((type) => [type, registry[type]]));

/** Renders sections through the real checker and renderer, with the stores registry and a QueryClient that does not retry. */
export function mountSections(sections: SectionJson[], registryToUse: SectionRegistry = storesRegistry) {
  const checked = checkDocument(
    { schemaVersion: 1, kind: 'home', title: 'Test', serves: ['*'], sections },
    'layouts/home/test.json',
  );
  const problems = [...checked.problems, ...checked.sections.flatMap((s) => s.problems)];
  if (problems.length > 0) throw new Error(`test document is invalid: ${JSON.stringify(problems)}`);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const store = createAppStore(testBootstrap(), queryClient);
  const context = { host: 'test.localhost', assetBase: '/assets/', preview: false };
  return render(
    <Provider store={store}>
      <MemoryRouter>
        <LayoutRenderer checked={checked} registry={registryToUse} context={context} />
      </MemoryRouter>
    </Provider>,
  );
}

/** The element of a rendered section by its id. */
export function sectionEl(id: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-section-id="${id}"]`);
  if (!el) throw new Error(`section ${id} is not rendered`);
  return el;
}
