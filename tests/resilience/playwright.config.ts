import { defineConfig } from '@playwright/test';

// Resilience suite (issue 6, point 5), part of `npm test`: each file starts, stops and measures servers of its own
// (src/server/main.ts as a child process), so it needs no webServer. Two workers: the 60 s load runs beside the
// browser and PostgreSQL-restart files; the whole suite stays within about two minutes on two cores.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 180_000,
  reporter: [['list']],
  outputDir: '../../test-results/resilience',
  use: {
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
});
