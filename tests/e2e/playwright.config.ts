import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium (never a downloaded browser) against the real server.
const port = Number(process.env.E2E_PORT ?? 8181);
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-quic',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  // The real server (`npm start`) on its own port and data directory, on the demo data.
  webServer: {
    // A fresh database and a scratch copy of layouts/ that tests may edit (the server watches it).
    // Everything per port, so several runs can share a machine: database, client build, layouts copy.
    command: `rm -rf data/e2e-${port} data/e2e-layouts-${port} && mkdir -p data && cp -r layouts data/e2e-layouts-${port} && npm start --silent`,
    cwd: '../..',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: `data/e2e-${port}`,
      LAYOUTS_DIR: `data/e2e-layouts-${port}`,
      CLIENT_DIR: `dist/e2e-${port}`,
      LOG_LEVEL: 'warn',
      // The whole suite is one browser on one address: it asks for more new pages, signs in to the console and votes
      // more often a minute than any one shopper or operator does. Each limit has its own test.
      MISSES_PER_MINUTE: '1000000',
      FORMS_PER_MINUTE: '1000',
      VOTES_PER_MINUTE: '1000',
      // Never the shared PostgreSQL database CI exports for the API suite: a database seeded by an earlier run (before
      // a migration's new column had demo values) would be reused, not reseeded. PGlite, fresh per run.
      DATABASE_URL: '',
    },
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
