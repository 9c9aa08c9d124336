import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { layoutValidatorsPlugin } from './src/server/layouts/validators-plugin';
import { firstLoadReportPlugin } from './src/server/build/first-load-report';

// One config for the client build and every Vitest project (npm test runs them all).
export default defineConfig({
  plugins: [react(), layoutValidatorsPlugin(), firstLoadReportPlugin()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    target: 'es2022',
  },
  server: { port: 5173 },
  test: {
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
    ],
  },
});
