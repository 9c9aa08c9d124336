import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import rules fail the lint, not only exist in its config: each case lints a line added to a real file of the tree.
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ overrideConfigFile: 'tests/lint/eslint.config.js' });
});

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

// The first lint builds the import graph of the whole tree: seconds, more on a loaded CI machine.
describe('lint: import rules', { timeout: 60_000 }, () => {
  it('refuses an import from components/ into features/ or app/', async () => {
    const file = 'src/client/components/pagination.tsx';
    const intoFeature = await ruleIds(
      file,
      "import { StoreHeader } from '../features/store/store-header';\nexport { StoreHeader };\n",
    );
    expect(intoFeature.some((m) => m.startsWith('import-x/no-restricted-paths'))).toBe(true);
    const intoApp = await ruleIds(file, "import { Shell } from '../app/shell';\nexport { Shell };\n");
    expect(intoApp.some((m) => m.startsWith('import-x/no-restricted-paths'))).toBe(true);
  });

  it('refuses an engine importing a concrete section', async () => {
    const ids = await ruleIds(
      'src/client/engine/report.ts',
      "import dealGrid from '../../sections/deal-grid/section';\nexport { dealGrid };\n",
    );
    expect(ids.some((m) => m.startsWith('import-x/no-restricted-paths'))).toBe(true);
  });

  it('holds each file of a section folder to its own layer (issue 28)', async () => {
    const restricted = (ids: string[]) => ids.some((m) => m.startsWith('import-x/no-restricted-paths'));
    const cases: [string, string][] = [
      // settings.ts is the contract's: no component, no server code.
      ['src/sections/deal-grid/settings.ts', "import s from './section';\nexport { s };\n"],
      ['src/sections/deal-grid/settings.ts', "import { cut } from '../../server/lib/escape';\nexport { cut };\n"],
      // section.tsx is the browser's: no email component, no server code.
      ['src/sections/email-intro/settings.ts', "import e from './email';\nexport { e };\n"],
      ['src/sections/deal-grid/section.tsx', "import e from '../email-intro/email';\nexport { e };\n"],
      [
        'src/sections/deal-grid/section.tsx',
        "import { h2 } from '../../server/mail/digest/email-kit';\nexport { h2 };\n",
      ],
      // email.tsx is the server's: nothing of the browser's.
      ['src/sections/email-intro/email.tsx', "import s from '../deal-grid/section';\nexport { s };\n"],
      [
        'src/sections/email-intro/email.tsx',
        "import { GridDealCard } from '../../client/components/deals/grid-deal-card';\nexport { GridDealCard };\n",
      ],
      // Below the sections nothing imports a folder; src/shared reads settings only.
      ['src/client/components/pagination.tsx', "import s from '../../sections/deal-grid/section';\nexport { s };\n"],
      ['src/shared/rules/cut.ts', "import e from '../../sections/email-intro/email';\nexport { e };\n"],
    ];
    for (const [file, code] of cases) expect(restricted(await ruleIds(file, code)), `${file}: ${code}`).toBe(true);
    // The allowed directions: a page module imports the kit and the engine; an email component the mail kit.
    const allowed: [string, string][] = [
      [
        'src/sections/deal-grid/section.tsx',
        "import { dealsFeedAtom } from '../../client/section-kit/deals/deals-feed';\nexport { dealsFeedAtom };\n",
      ],
      [
        'src/sections/email-intro/email.tsx',
        "import { h2 } from '../../server/mail/digest/email-kit';\nexport { h2 };\n",
      ],
      ['src/sections/stores-newsletter-row/settings.ts', "import n from '../newsletter/settings';\nexport { n };\n"],
    ];
    for (const [file, code] of allowed) expect(restricted(await ruleIds(file, code)), `${file}: ${code}`).toBe(false);
  });

  it('refuses an import cycle', async () => {
    // rules/index.ts re-exports cut.ts: cut.ts importing the index back closes a loop.
    const ids = await ruleIds(
      'src/shared/rules/cut.ts',
      "import { gridSize } from './index';\nexport const g = gridSize;\n",
    );
    expect(ids.some((m) => m.startsWith('import-x/no-cycle'))).toBe(true);
  });

  it('accepts the same kind of import in the allowed direction', async () => {
    const ids = await ruleIds(
      'src/client/features/store/store-coupons.tsx',
      "import { Pagination } from '../../components/pagination';\nexport { Pagination };\n",
    );
    expect(ids.filter((m) => m.startsWith('import-x/'))).toEqual([]);
  });

  it('refuses a server import from a layer above its own (issue 28)', async () => {
    const restricted = (ids: string[]) => ids.some((m) => m.startsWith('import-x/no-restricted-paths'));
    // db → plugins (http), cache (domain) → site (http), lib (base) → db, anything → an entry point.
    const cases: [string, string][] = [
      ['src/server/db/ids.ts', "import { authenticate } from '../plugins/auth';\nexport { authenticate };\n"],
      ['src/server/cache/coalesce.ts', "import { siteOrigin } from '../site/pages';\nexport { siteOrigin };\n"],
      [
        'src/server/lib/escape.ts',
        "import { countDomains } from '../db/repositories/domains';\nexport { countDomains };\n",
      ],
      ['src/server/routes/health.ts', "import { buildApp } from '../app';\nexport { buildApp };\n"],
    ];
    for (const [file, code] of cases) expect(restricted(await ruleIds(file, code)), file).toBe(true);
  });

  it('lets a server layer import the layers below it, and an entry point import any layer', async () => {
    const cases: [string, string][] = [
      [
        'src/server/routes/health.ts',
        "import { countDomains } from '../db/repositories/domains';\nexport { countDomains };\n",
      ],
      [
        'src/server/db/migrate-cli.ts',
        "import { statusPage } from '../plugins/status-page';\nexport { statusPage };\n",
      ],
    ];
    for (const [file, code] of cases)
      expect(
        (await ruleIds(file, code)).filter((m) => m.startsWith('import-x/no-restricted-paths')),
        file,
      ).toEqual([]);
  });

  it('keeps the console and the shop apart (issue 28)', async () => {
    const restricted = (ids: string[]) => ids.some((m) => m.startsWith('import-x/no-restricted-paths'));
    expect(
      restricted(
        await ruleIds(
          'src/client/console/audit-list.tsx',
          "import { Pagination } from '../components/pagination';\nexport { Pagination };\n",
        ),
      ),
    ).toBe(true);
    expect(
      restricted(
        await ruleIds(
          'src/client/components/pagination.tsx',
          "import { admin } from '../console/admin-client';\nexport { admin };\n",
        ),
      ),
    ).toBe(true);
  });
});
