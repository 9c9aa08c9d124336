// @vitest-environment jsdom
import '../../component/setup';
import { Blob as NodeBlob } from 'node:buffer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { checkLayoutDocument } from '../../../src/server/layouts/validate';
import { SECTION_KINDS, SECTION_TYPES } from '../../../src/shared/contract/sections';
import { LayoutRenderer } from '../../../src/client/engine/layout-renderer';
import { servedDocument } from '../../../src/client/engine/served-document';
import { registry } from '../../../src/sections/page-registry';
import { startTestApp, type TestApp } from '../../server/helpers/test-app';
import { testBootstrap, withProviders } from '../../component/render-helpers';
import { settingsArbitrary } from './schema-arbitrary';
import { repairSettings } from './repair';
import { settled } from '../../helpers/wait';

// Random valid layout documents (inside the schema bounds) rendered against the real API on the demo data:
// the renderer never throws and no section shows more items than its document allows.
let server: TestApp;
let pending = 0;

beforeAll(async () => {
  // PGlite (the embedded database) needs Node's Blob; jsdom's lacks arrayBuffer(). The rendered sections never use Blob.
  globalThis.Blob = NodeBlob as unknown as typeof Blob;
  server = await startTestApp('pglite');
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    pending += 1;
    try {
      const url = new URL(String(input), window.location.origin);
      const res = await server.app.inject({
        method: (init?.method ?? 'GET') as 'GET' | 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { host: 'one.localhost', ...(init?.headers as Record<string, string>) },
        ...(init?.body ? { payload: String(init.body) } : {}),
      });
      return new Response(res.body, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
      });
    } finally {
      pending -= 1;
    }
  });
}, 180_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  await server?.close();
});

/**
 * Waits until the sections' queries have answered: no request in flight for 60 ms. The quiet period is there because
 * nothing marks the last query: a section may ask for its data only once another answer has drawn it.
 */
async function settle(): Promise<void> {
  await settled(() => pending === 0, {
    quietMs: 60,
    message: () => `no request in flight for 60 ms (${pending} in flight)`,
    everyMs: 15,
  });
}

type Settings = Record<string, unknown>;
const n = (v: unknown) => v as number;

function itemBound(type: string, s: Settings): { selector: string; max: number } | null {
  switch (type) {
    case 'store-strip':
    case 'store-grid':
      return { selector: 'a.store-card', max: n(s.count) };
    case 'stores-newsletter-row':
      return { selector: 'a.store-card', max: n((s.stores as Settings).count) };
    case 'deal-grid':
      return { selector: 'article.deal-card', max: n(s.collapsed) };
    case 'recommended-deals':
      return { selector: 'article.deal-card', max: (s.grids as Settings[]).reduce((t, g) => t + n(g.count), 0) };
    case 'top-deals':
      return { selector: 'article.deal-card', max: n(s.count) };
    case 'store-tabs':
      return { selector: '[role="tabpanel"]:not([hidden]) a.store-card', max: n(s.rows) * n(s.perRow) };
    case 'banner-pairs':
      return s.limit === null ? null : { selector: 'img', max: n(s.limit) };
    default:
      return null;
  }
}

// Sections of email documents are drawn by the server's digest (tests/server/digest.test.ts), not this renderer.
const sectionCase = fc
  .constantFrom(...SECTION_TYPES.filter((t) => SECTION_KINDS[t].some((k) => k !== 'email')))
  .chain((type) => settingsArbitrary(type).map((settings) => ({ type, settings: repairSettings(type, settings) })));

describe('layout renderer on random valid documents', () => {
  it('never throws and never shows more items than the document allows', async () => {
    await fc.assert(
      fc.asyncProperty(sectionCase, async ({ type, settings }) => {
        const kind = SECTION_KINDS[type][0]!;
        const raw = {
          schemaVersion: 1,
          kind,
          title: 'Property test',
          serves: ['*'],
          sections: [{ id: 'under-test', type, settings }],
        };
        const { problems, doc } = checkLayoutDocument(raw, 'layouts/property.json');
        fc.pre(problems.length === 0 && doc !== null);
        const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
        const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
        try {
          const checked = servedDocument({ file: 'layouts/property.json', doc: doc! });
          const { container } = render(
            withProviders(
              <LayoutRenderer
                checked={checked}
                registry={registry}
                context={{ host: 'one.localhost', assetBase: '/assets/', preview: false }}
              />,
              testBootstrap(),
            ),
          );
          await settle();
          expect(container.querySelector('.section-error'), `${type} fell into its error boundary`).toBeNull();
          expect(container.querySelector(`[data-section-type="${type}"]`)).not.toBeNull();
          const bound = itemBound(type, doc!.sections[0]!.settings as Settings);
          if (bound) expect(container.querySelectorAll(bound.selector).length).toBeLessThanOrEqual(bound.max);
        } finally {
          cleanup();
          errors.mockRestore();
          warnings.mockRestore();
        }
      }),
    );
  }, 600_000);
});
