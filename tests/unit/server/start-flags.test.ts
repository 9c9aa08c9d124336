import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../src/server/memory';

describe('the server is started with its heap sized for the memory target', () => {
  it('npm start passes SERVER_NODE_FLAGS to node, before the tsx loader and the entry', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    const start = scripts.start!.split(/\s+/);
    expect(start[0]).toBe('node');
    const entry = start.indexOf('src/server/main.ts');
    expect(entry).toBeGreaterThan(0);
    for (const flag of SERVER_NODE_FLAGS) {
      const at = start.indexOf(flag);
      expect(at, flag).toBeGreaterThan(0);
      expect(at, `${flag} comes before the entry`).toBeLessThan(entry);
    }
  });
});
