import { ensurePgliteTemplate } from './test-app';

// Vitest global setup (Node, before any test file): the empty PGlite cluster every test database starts from.
export default async function setup(): Promise<void> {
  await ensurePgliteTemplate();
}
