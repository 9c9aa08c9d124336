import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { layoutValidatorsPlugin } from './src/server/layouts/validators-plugin';
import { firstLoadReportPlugin } from './src/server/build/first-load-report';
import { sectionChunksPlugin } from './src/server/build/section-chunks';
import { precompressPlugin } from './src/server/build/precompress';

/**
 * The console page (admin.html) draws with its own inline styles: the shop's stylesheet (one file for the whole shop,
 * cssCodeSplit: false) is not linked from it.
 */
const consoleWithoutShopCss = (): Plugin => ({
  name: 'dealdeck-console-without-shop-css',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, ctx) =>
      ctx.filename.endsWith('admin.html') ? html.replace(/<link rel="stylesheet"[^>]*>\s*/g, '') : html,
  },
});

/**
 * The section folders (src/sections/<type>/) that share a chunk, grouped by what a layout document uses together;
 * top-deals and recommended-deals, which fit only some homes, keep chunks of their own.
 */
const SECTION_GROUPS = {
  chrome: ['footer-link-columns', 'footer-main', 'header-bar', 'mobile-footer-nav', 'promo-strip', 'scroll-to-top'],
  banners: ['banner-carousel', 'banner-pairs', 'hero-sliders'],
  deals: ['affiliate-disclosure', 'deal-grid'],
  stores: ['category-sidebar', 'newsletter', 'store-grid', 'store-strip', 'store-tabs', 'stores-newsletter-row'],
};
/** A folder's page modules (not its studio thumbnail, which only the console's layout studio loads). */
const sectionFolders = (types: readonly string[]) =>
  `src[\\\\/]sections[\\\\/](${types.join('|')})[\\\\/](?!thumbnail\\.svg)`;

/** The server-rendering entry: `vite build --ssr` builds it (the server loads it from beside the client build). */
const SSR_ENTRY = 'src/client/ssr/render.tsx';

// One config for the client build, the server-rendering build and every Vitest project (npm test runs them all).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    layoutValidatorsPlugin(),
    ...(isSsrBuild
      ? []
      : [firstLoadReportPlugin(), sectionChunksPlugin(), precompressPlugin(), consoleWithoutShopCss()]),
  ],
  // `--ssr src/client/ssr/render.tsx`: the same app for Node, loaded by the server from beside the client build.
  // One file: the server imports it again (with a version query) when a build replaces it, and a chunk importing the
  // entry back would load a second copy of it under the plain name.
  build: isSsrBuild
    ? {
        outDir: 'dist/client-ssr',
        emptyOutDir: true,
        sourcemap: false,
        target: 'node20',
        minify: false,
        rollupOptions: { input: SSR_ENTRY, output: { codeSplitting: false } },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        sourcemap: false,
        manifest: true,
        target: 'es2022',
        // Every browser we serve supports modulepreload; the polyfill would only add to the first load.
        modulePreload: false,
        // One stylesheet for the whole site (≈7 KB gzip) rather than a render-blocking file per lazy chunk.
        cssCodeSplit: false,
        rollupOptions: {
          // The operators' console is its own page and entry (admin.html → /admin): nothing of it is in the shop's
          // first load (docs/decisions/015-operator-console.md).
          input: { index: 'index.html', admin: 'admin.html' },
          output: {
            // A section folder's page module is named by its folder (top-deals-<hash>.js), not by its file (section-…).
            chunkFileNames: (chunk) =>
              `assets/${/[\\/]src[\\/]sections[\\/]([a-z0-9-]+)[\\/]section\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1] ?? '[name]'}-[hash].js`,
            // The libraries every page needs in one chunk: one request and one gzip dictionary instead of several small files.
            advancedChunks: {
              groups: [
                {
                  name: 'framework',
                  test: /^\0rolldown[\\/]runtime|node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|jotai|jotai-tanstack-query|@tanstack[\\/]query-core)[\\/]/,
                },
                // The app's own first-load modules (shell, data layer) in one chunk too; lazy-only modules stay out of it.
                {
                  name: 'app',
                  test: /src[\\/]client[\\/](app[\\/](?!effects[\\/]|toaster|boot-failure)|lib[\\/](?!page-title)|engine[\\/](layout-|registry-holder|above-fold|section-boundary|served-document|report|types)|api[\\/](http|session|keyed|website)\.ts$|pages[\\/]home-page)|src[\\/]shared[\\/](api[\\/]|layout[\\/]home-variants)/,
                },
                // The layout sections, grouped by what a layout document uses together (src/sections/<type>/
                // names a module per type; the server preloads the groups of the types on the page): a few requests, and a
                // home without carousels or deals does not download them.
                // The registry with header and footer sections (every page draws them), and the effects that mount once the page
                // has hydrated (tenant scripts, head tags, page views): one request on every page.
                {
                  name: 'sections',
                  test: new RegExp(
                    /src[\\/]client[\\/](app[\\/]effects[\\/]|lib[\\/]page-title\.ts$|(section-kit|components)[\\/]chrome[\\/]|api[\\/](banners|categories|coupons|stores|newsletter)\.ts$|components[\\/](fallback-image\.tsx|rich-text\.tsx|rich-tags\.ts)$)|src[\\/]shared[\\/]rules[\\/]|src[\\/]sections[\\/]page-registry\.ts$/
                      .source + `|${sectionFolders(SECTION_GROUPS.chrome)}`,
                  ),
                },
                {
                  name: 'banners',
                  test: new RegExp(
                    /src[\\/]client[\\/](section-kit|components)[\\/]banners[\\/]|node_modules[\\/]embla-carousel/
                      .source + `|${sectionFolders(SECTION_GROUPS.banners)}`,
                  ),
                },
                // The store and category pages' deal card (expiry dates through dayjs) stays with those pages.
                // Cards and the reveal flow every deals section shares; each section's own card comes with it, and the reveal
                // of a coupon id in the address (lazy) and the landing's redirect step stay out.
                {
                  name: 'deals',
                  test: new RegExp(
                    /src[\\/]client[\\/](section-kit[\\/]deals[\\/]|components[\\/]deals[\\/](?!deal-card|countdown-text|five-deal-card|landing-deal-card|verification-line)|features[\\/]reveal[\\/](?!coupon-param-reveal|redirect-step|redirect[\\/]|api[\\/]|vote[\\/]))/
                      .source + `|${sectionFolders(SECTION_GROUPS.deals)}`,
                  ),
                },
                // The newsletter section is drawn beside stores (stores-newsletter-row) and deals (top-deals) too.
                {
                  name: 'stores',
                  test: new RegExp(
                    /src[\\/]client[\\/]((section-kit|components)[\\/]stores|section-kit[\\/]newsletter)[\\/]/.source +
                      `|${sectionFolders(SECTION_GROUPS.stores)}`,
                  ),
                },
                { name: 'toast', test: /node_modules[\\/](react-hot-toast|goober)[\\/]/ },
              ],
            },
          },
        },
      },
  server: { port: 5173 },
  test: {
    globalSetup: ['tests/server/helpers/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'property',
          environment: 'node',
          include: ['tests/property/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/property/fc-setup.ts'],
          // A hundred runs of a whole-engine property take seconds on a loaded 2-core CI machine.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['tests/component/**/*.test.tsx'],
          setupFiles: ['tests/component/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        // Issue 17: three server processes over the machine's PostgreSQL and Redis (skipped loudly without them).
        test: { name: 'scale', environment: 'node', include: ['tests/scale/**/*.test.ts'], testTimeout: 60_000 },
      },
    ],
  },
}));
