// Lint gate: `npm run lint` (part of `npm test`). Kept under tests/ so the top level stays as designed.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { fileURLToPath } from 'node:url';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// src/client's layers, top to bottom: app (app/, pages/, ssr/, main.tsx) → features/ and the sections' page modules
// (src/sections/<type>/section.tsx, the page registry beside them, and section-kit/, what they share) → components/ →
// engine/ → api/ → lib/, config/ → src/shared. A folder imports only from folders below it.
const client = (...dirs) => dirs.map((d) => `src/client/${d}`);
const APP = client('app', 'pages', 'ssr', 'main.tsx');
const FEATURES = ['store', 'listing', 'info', 'reveal'];
// A section folder (src/sections/<type>/) holds three layers' files: settings.ts is the contract's (src/shared's
// rules), section.tsx is the client's (beside section-kit/), email.tsx is the server's mail (domain layer).
const SECTION_PAGES = ['src/sections/*/section.tsx', 'src/sections/*-registry.ts'];
const SECTION_EMAILS = ['src/sections/*/email.tsx', 'src/sections/emails.generated.*'];
const SECTION_SETTINGS = ['src/sections/*/settings.ts', 'src/sections/settings.generated.*'];
const SECTION_DRAWING = [...SECTION_PAGES, ...SECTION_EMAILS];
const down = (message) =>
  `${message} (one-way imports: app → features → components → shared; README "Layout of the code").`;

// src/server's layers, top to bottom (docs/architecture.md "The server's layers"): the entry points (the app's
// composition, the process, the npm tools) → http (routes/, site/, api-schemas/) → plugins/ → domain (layouts/,
// mail/, media/, cache/, feeds/) → db/ → base (lib/, cluster/, config, trusted proxies, the client build's files) →
// src/shared. A layer imports only from layers below it; nothing imports an entry point.
const srv = (...paths) => paths.map((p) => `src/server/${p}`);
const SERVER_ENTRY = [
  ...srv('{app,main,dev,open-database,first-admin,memory,early-answers,cli}.ts', '**/*-cli.ts'),
  ...srv('build/!(section-chunks).ts', '{mail/mail-tools,layouts/known-tenants}.ts'),
];
const SERVER_HTTP = srv('routes/**', 'site/**', 'api-schemas/**');
const SERVER_PLUGINS = srv('plugins/**');
const SERVER_DOMAIN = [...srv('layouts/**', 'mail/**', 'media/**', 'cache/**', 'feeds/**'), ...SECTION_EMAILS];
const SERVER_DB = srv('db/**');
const SERVER_BASE = srv('lib/**', 'cluster/**', '{config,trusted-proxies,client-build,build/section-chunks}.ts');
// (Every path is a glob: the rule takes either globs or plain paths in one zone, not both.)
const up = (layer, ...above) => ({
  target: layer,
  from: above.flat(),
  message: 'A server layer imports only from layers below it (entry → http → plugins → domain → db → base).',
});

// Issue 28: a test proves something happened (or did not) by waiting on the event that ends the work.
const NO_FIXED_WAIT =
  'No fixed wait in tests: wait for the event that ends the work (until/untilFound in tests/helpers/wait.ts, ' +
  "Playwright's expect(…).toHave…/expect.poll/waitForResponse).";

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'bench/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      // Type-only imports are not cycles (they vanish at build); a dynamic import() is one. Libraries are not followed.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: fileURLToPath(new URL('../..', import.meta.url)),
          zones: [
            {
              target: [...client('features', 'section-kit'), ...SECTION_PAGES],
              from: APP,
              message: down('Features and sections are drawn by the app: they never import app/, pages/ or ssr/'),
            },
            ...FEATURES.map((name) => ({
              target: client(`features/${name}`),
              from: FEATURES.filter((other) => other !== name && other !== 'reveal').map(
                (other) => `src/client/features/${other}`,
              ),
              message:
                'A feature does not import another feature (only features/reveal, the flow behind every deal button, is shared).',
            })),
            {
              target: client('components'),
              from: [...APP, ...client('features', 'section-kit')],
              message: down('components/ are shared: no import from app/, pages/, features/ or the sections'),
            },
            {
              target: client('components', 'engine', 'api', 'lib', 'config', 'console'),
              from: ['src/sections/**'],
              message: down(
                'Below the sections (and in the console), nothing imports a section folder: the app hands the registry down',
              ),
            },
            {
              target: SECTION_PAGES,
              from: ['src/server/**', ...SECTION_EMAILS],
              message: "A section's page module is the browser's: it imports no server code and no email component.",
            },
            {
              target: SECTION_EMAILS,
              from: ['src/client/**', ...SECTION_PAGES],
              message: "A section's email component is the server's: it imports nothing of the browser's.",
            },
            {
              target: SECTION_SETTINGS,
              from: ['src/client/**', 'src/server/**', ...SECTION_DRAWING],
              message: "A section's settings.ts is the contract's: it imports src/shared and other settings.ts only.",
            },
            {
              target: 'src/shared',
              from: SECTION_DRAWING,
              message:
                "src/shared reads the section folders' settings (settings.generated.ts), never their components.",
            },
            {
              target: client('engine'),
              from: [...APP, ...client('features', 'section-kit', 'components')],
              message: down(
                'The engine knows no concrete section (the registry is handed to it) and no page, feature or component',
              ),
            },
            {
              target: client('api'),
              from: [...APP, ...client('features', 'section-kit', 'components', 'engine')],
              message: down('api/ is the data layer: it imports lib/ and src/shared only'),
            },
            {
              target: client('console'),
              from: [...APP, ...client('features', 'section-kit', 'components', 'engine', 'api', 'lib', 'config')],
              message:
                "The console is its own app (admin.html): it shares src/shared with the shop, nothing of the shop's.",
            },
            {
              target: [...APP, ...client('features', 'section-kit', 'components', 'engine', 'api', 'lib', 'config')],
              from: client('console'),
              message: "Nothing of the console goes into the shop's bundle.",
            },
            {
              target: client('lib', 'config'),
              from: [...APP, ...client('features', 'section-kit', 'components', 'engine', 'api')],
              message: down('lib/ and config/ are the bottom of the client'),
            },
          ],
        },
      ],
    },
  },
  {
    // Small pieces (issue 28): a function a reader can hold at once, a file a reader can finish. Tests are exempt.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', ...SECTION_PAGES],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '../server/*'], message: 'The client must not import server code.' },
            {
              group: ['ajv', 'ajv/*'],
              message:
                'The browser uses the precompiled validators (virtual:layout-validators), never the ajv compiler.',
            },
            {
              regex: 'contract/queries(/index)?$',
              message:
                'Import the one queries/<name>.ts the module reads: the whole table would ship in the first load.',
            },
          ],
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@sinclair/typebox',
                '@sinclair/typebox/*',
                '**/contract/entities',
                '**/contract/envelopes',
                '**/contract/domain-data',
                '**/contract/schema-kit',
                '**/contract/layout-common',
                '**/contract/layout-document',
                '**/contract/sections',
                '**/sections/*/settings',
                '**/settings.generated',
              ],
              allowTypeImports: true,
              message:
                "The browser takes the contract's types only (import type): its TypeBox schemas stay out of the bundle.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/client/**', '**/server/**', 'react', 'react-dom', 'node:*', 'fs', 'path'],
              message: 'src/shared is pure and isomorphic: no React, no I/O, no app code.',
            },
          ],
        },
      ],
    },
  },
  {
    // The entry points compose everything; every other server file is held to its layer.
    files: ['src/server/**/*.{ts,tsx}'],
    ignores: SERVER_ENTRY,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: fileURLToPath(new URL('../..', import.meta.url)),
          zones: [
            up(SERVER_HTTP, SERVER_ENTRY),
            up(SERVER_PLUGINS, SERVER_ENTRY, SERVER_HTTP),
            up(SERVER_DOMAIN, SERVER_ENTRY, SERVER_HTTP, SERVER_PLUGINS),
            up(SERVER_DB, SERVER_ENTRY, SERVER_HTTP, SERVER_PLUGINS, SERVER_DOMAIN),
            up(SERVER_BASE, SERVER_ENTRY, SERVER_HTTP, SERVER_PLUGINS, SERVER_DOMAIN, SERVER_DB),
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/client/**'], message: 'The server must not import client code.' }] },
      ],
    },
  },
  {
    // Tests wait for the event that ends the work, never a fixed time (issue 28). A deliberate delay that is no wait
    // (simulated latency, a load's pacing, a retry's back-off) carries an eslint-disable comment saying so.
    files: ['tests/**/*.{ts,tsx,js,mjs}'],
    ignores: ['tests/helpers/wait.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='waitForTimeout']", message: NO_FIXED_WAIT },
        { selector: "CallExpression[callee.name='sleep']", message: NO_FIXED_WAIT },
        {
          selector: "NewExpression[callee.name='Promise'] > :function > CallExpression.body[callee.name='setTimeout']",
          message: NO_FIXED_WAIT,
        },
        {
          selector:
            "NewExpression[callee.name='Promise'] > :function > BlockStatement > ExpressionStatement > CallExpression[callee.name='setTimeout']",
          message: NO_FIXED_WAIT,
        },
      ],
      'no-restricted-imports': [
        'error',
        { paths: ['timers/promises', 'node:timers/promises'].map((name) => ({ name, message: NO_FIXED_WAIT })) },
      ],
    },
  },
);
