import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../../../src/server/db/repositories/domains';
import { resolveLayouts } from '../../../src/server/layouts/load';
import { startLayouts, type LayoutState } from '../../../src/server/layouts/layout-state';
import { drawnOnServer } from '../../../src/server/site/page-draw';
import {
  BAD_INSTANT,
  bootstrapOf,
  buildingAnswer,
  cachingOf,
  chooseLayouts,
  previewOf,
} from '../../../src/server/site/page-steps';
import { previewGrants } from '../../../src/server/site/preview-grant';
import type { LayoutContext } from '../../../src/server/layouts/load';

// Issue 28: a page request is a pipeline of small steps (src/server/site/page-steps.ts); each is checked here alone.
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const NOW = Date.parse('2026-11-28T12:00:00Z');
const context: LayoutContext = {
  hosts: ['one.localhost'],
  homePage: 'Home Page One',
  at: NOW,
  timeZone: 'UTC',
  shopper: null,
};

describe('page steps', () => {
  let layouts: LayoutState;
  beforeAll(async () => {
    layouts = await startLayouts('layouts', silentLog, false);
  });
  afterAll(() => layouts.stop());

  it('answers 503 with Retry-After while the client is built, and says when the build failed', () => {
    const building = buildingAnswer({ state: 'building' });
    expect(building).toMatchObject({ status: 503, headers: { 'retry-after': '10' } });
    expect(building.text).toMatch(/being built/);
    expect(buildingAnswer({ state: 'failed', reason: 'x' }).text).toMatch(/operators have been told/);
    expect(BAD_INSTANT).toMatchObject({ status: 400, headers: { 'x-robots-tag': 'noindex' } });
  });

  it('makes a preview only with a grant for this tenant, layout and instant', () => {
    const grants = previewGrants('s'.repeat(32));
    const grant = grants.sign({ tenant: 't1', layout: 'home/a.json', at: '2026-12-01T09:00', expires: NOW + 60_000 });
    const query = { layout: 'home/a.json', at: '2026-12-01T09:00', grant };
    expect(previewOf(query, 't1', 'UTC', grants, NOW)).toEqual({
      preview: true,
      at: Date.parse('2026-12-01T09:00:00Z'),
    });
    // Another tenant, another layout, no grant, an expired grant: the published page.
    for (const [q, tenant, now] of [
      [query, 't2', NOW],
      [{ ...query, layout: 'home/b.json' }, 't1', NOW],
      [{ layout: 'home/a.json', at: '2026-12-01T09:00' }, 't1', NOW],
      [query, 't1', NOW + 120_000],
    ] as const)
      expect(previewOf(q, tenant, 'UTC', grants, now)).toEqual({ preview: false, at: undefined });
    const bad = grants.sign({ tenant: 't1', layout: '', at: 'soon', expires: NOW + 60_000 });
    expect(previewOf({ at: 'soon', grant: bad }, 't1', 'UTC', grants, NOW)).toEqual({ preview: true, at: null });
    expect(previewOf({}, 't1', 'UTC', grants, NOW)).toEqual({ preview: false, at: undefined });
  });

  it('carries a /home2 … /home4 document only on its own route', () => {
    const home = chooseLayouts(layouts, context, '/');
    expect(home.homeVariants).toBeUndefined();
    expect(home.layouts?.home.doc).toEqual(resolveLayouts(layouts.current(), context).home.doc);
    expect(chooseLayouts(layouts, context, '/store/:storeSlug').homeVariants).toBeUndefined();
    expect(chooseLayouts(layouts, context, null).homeVariants).toBeUndefined();
    const three = chooseLayouts(layouts, context, '/home3');
    expect(Object.keys(three.homeVariants ?? {})).toEqual(['Home Page Three']);
    expect(three.homeVariants?.['Home Page Three']?.doc).toEqual(
      resolveLayouts(layouts.current(), 'Home Page Three').home.doc,
    );
    expect(three.inForce).toBe(layouts.current());
  });

  it('keeps a page for everyone only when it is whole, published and the same for every shopper', () => {
    expect(cachingOf({ complete: true, preview: false, experiments: 0 })).toEqual({
      keep: true,
      cacheControl: 'no-cache',
    });
    expect(cachingOf({ complete: false, preview: false, experiments: 0 }).keep).toBe(false);
    expect(cachingOf({ complete: true, preview: true, experiments: 0 })).toEqual({
      keep: false,
      cacheControl: 'no-store',
    });
    expect(cachingOf({ complete: true, preview: false, experiments: 1 })).toEqual({
      keep: false,
      cacheControl: 'private, no-cache',
    });
  });

  it('hands the browser the tenant, the chosen documents, the answers and the clock', () => {
    const tenant = { id: 't1', key: 'one', host: 'one.localhost', hosts: ['one.localhost'], data: { name: 'One' } };
    const chosen = chooseLayouts(layouts, context, '/home2');
    const queries = [{ key: ['categories', 'one.localhost'], data: [] }];
    const b = bootstrapOf(tenant as unknown as Tenant, chosen, queries, false, NOW);
    expect(b).toMatchObject({ host: 'one.localhost', domain: { name: 'One' }, queries, renderedAt: NOW });
    expect(b.config.preview).toBe(false);
    expect(b.layouts).toBe(chosen.layouts);
    expect(Object.keys(b.homeVariants ?? {})).toEqual(['Home Page Two']);
    expect(
      'homeVariants' in bootstrapOf(tenant as unknown as Tenant, chooseLayouts(layouts, context, '/'), [], true, NOW),
    ).toBe(false);
  });

  it('draws the homes and catalogue pages on the server, search only with a term', () => {
    expect(drawnOnServer('/', {})).toBe(true);
    expect(drawnOnServer('/home4', {})).toBe(true);
    expect(drawnOnServer('/store/:storeSlug', {})).toBe(true);
    expect(drawnOnServer('/searchpage', { q: 'shoes' })).toBe(true);
    expect(drawnOnServer('/searchpage', { q: '  ' })).toBe(false);
    expect(drawnOnServer('/login', {})).toBe(false);
    expect(drawnOnServer(null, {})).toBe(false);
  });
});
