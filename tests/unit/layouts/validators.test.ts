import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import * as viaPlugin from 'virtual:layout-validators';
import { generateValidatorsModule } from '../../../src/server/layouts/generate-validators';
import { layoutValidatorsPlugin, VIRTUAL_ID } from '../../../src/server/layouts/validators-plugin';
import { schemaErrorsToIssues } from '../../../src/shared/layout/schema-errors';
import { SECTION_KINDS, SECTION_TYPES } from '../../../src/shared/contract/sections';

// The browser's validators: ajv standalone code generated from schemas/, with no compiler and no eval inside.

type Validate = typeof viaPlugin.validateDocument;
type Module = Pick<typeof viaPlugin, 'sectionKinds' | 'sectionTypes'> & {
  validateDocument: Validate;
  validateDomainData: Validate;
  sectionValidators: Record<string, Validate>;
};

const code = generateValidatorsModule();
let generated: Module;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dealdeck-validators-'));
  const file = path.join(dir, 'layout-validators.mjs');
  await writeFile(file, code);
  generated = (await import(pathToFileURL(file).href)) as Module;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function landing(): { sections: { id: string; type: string; settings: Record<string, unknown> }[] } {
  return JSON.parse(readFileSync('layouts/home/landing.json', 'utf8'));
}

/** The section types the browser validates: all but those only email documents use. */
const BROWSER_TYPES = SECTION_TYPES.filter((t) => SECTION_KINDS[t].some((k) => k !== 'email'));
describe('generated validators module', () => {
  it('holds no compiler, eval or require, and imports nothing', () => {
    expect(code).not.toMatch(/new Function|\beval\(|ajv\/dist\/compile|require\(/);
    expect(code).not.toMatch(/^\s*import /m);
  });

  it('exports one validator per section type, the sorted types and the kinds each may be used in', () => {
    expect(Object.keys(generated.sectionValidators)).toEqual(BROWSER_TYPES);
    expect(generated.sectionTypes).toEqual(BROWSER_TYPES);
    expect(generated.sectionKinds).toEqual(Object.fromEntries(BROWSER_TYPES.map((t) => [t, SECTION_KINDS[t]])));
    expect(Object.keys(generated.sectionKinds)).toEqual(BROWSER_TYPES);
  });

  it('leaves out the sections of email documents, which only the server draws (issue 14)', () => {
    expect(SECTION_TYPES.filter((t) => !BROWSER_TYPES.includes(t))).toEqual([
      'email-banner',
      'email-footer',
      'email-intro',
      'email-new-stores',
      'email-settings',
      'email-top-deals',
    ]);
    expect(code).not.toContain('email-top-deals');
  });

  it('accepts a real section and fills in its defaults', () => {
    const section = structuredClone(landing().sections.find((s) => s.id === 'recommended-deals'));
    const validate = generated.sectionValidators['recommended-deals'];
    expect(validate?.(section)).toBe(true);
    const trimmed = { id: 'deals', type: 'deal-grid', settings: { source: 'latest', collapsed: 8, expanded: 17 } };
    expect(generated.sectionValidators['deal-grid']?.(trimmed)).toBe(true);
    expect(trimmed.settings).toMatchObject({ bannerPositions: [], nameCut: 50, tagCut: 28, buttonLabel: 'Show code' });
    expect(trimmed).toMatchObject({ placement: 'main' });
  });

  it('rejects a broken section with the same words as the Node checker', () => {
    const validate = generated.sectionValidators['deal-grid'];
    const broken = {
      id: 'deals',
      type: 'deal-grid',
      settings: { source: 'latest', collapsed: 30, expanded: 17, colapsed: 2 },
    };
    expect(validate?.(broken)).toBe(false);
    expect(schemaErrorsToIssues(validate?.errors, SECTION_TYPES, broken)).toEqual([
      { pointer: '/settings/colapsed', message: 'unknown property "colapsed"' },
      { pointer: '/settings/collapsed', message: 'must be <= 17' },
    ]);
  });

  it('checks the document envelope while leaving section types to the renderer', () => {
    const doc = landing();
    doc.sections.push({ id: 'from-the-future', type: 'hologram', settings: {} });
    expect(generated.validateDocument(doc)).toBe(true);
    expect(generated.validateDocument({ ...doc, kind: 'sidebar' })).toBe(false);
    expect(schemaErrorsToIssues(generated.validateDocument.errors, SECTION_TYPES)).toEqual([
      { pointer: '/kind', message: 'must be one of "home", "header", "footer", "email"' },
    ]);
  });

  it('checks domain data', () => {
    expect(
      generated.validateDomainData({
        name: 'Acme',
        home_page: 'Home Page One',
        header_color: '#12ab9f',
        banners_v2: [{ image: 'b.png', storeId: 's1' }],
      }),
    ).toBe(true);
    expect(generated.validateDomainData({ name: 'Acme', home_page: 'x', header_color: 'url(javascript:1)' })).toBe(
      false,
    );
  });
});

describe('layoutValidatorsPlugin', () => {
  it('serves the module under virtual:layout-validators, watching the schema files', async () => {
    const plugin: Plugin = layoutValidatorsPlugin();
    const hook = <T>(h: T | { handler: T } | undefined): T =>
      typeof h === 'object' && h !== null && 'handler' in h ? h.handler : (h as T);
    const resolveId = hook(plugin.resolveId) as (id: string) => string | null;
    const load = hook(plugin.load) as (this: { addWatchFile: (f: string) => void }, id: string) => string | null;
    const resolved = resolveId(VIRTUAL_ID);
    expect(resolved).toBe('\0virtual:layout-validators');
    expect(resolveId('virtual:other')).toBeNull();
    const watched: string[] = [];
    const served = load.call({ addWatchFile: (f) => watched.push(f) }, resolved ?? '');
    expect(served).toBe(code);
    expect(watched.map((f) => path.relative(process.cwd(), f))).toContain(
      path.join('schemas', 'sections', 'deal-grid.schema.json'),
    );
  });

  it('is wired into the Vite config, so the virtual import works in this test run', () => {
    expect(Object.keys(viaPlugin.sectionValidators)).toEqual(BROWSER_TYPES);
    expect(
      viaPlugin.sectionValidators['newsletter']?.({ id: 'n', type: 'newsletter', settings: { variant: 'hero' } }),
    ).toBe(true);
  });
});
