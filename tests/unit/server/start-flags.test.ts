import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../../src/server/memory';

describe('the server is started compiled, with its heap sized for the memory target', () => {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const steps = scripts.start!.split('&&').map((s) => s.trim().split(/\s+/));

  it('npm start compiles what is stale first, then runs the compiled entry with plain node, SERVER_ENV and SERVER_NODE_FLAGS', () => {
    expect(steps).toHaveLength(2);
    expect(steps[0]).toEqual(['tsx', 'src/server/build/server-build-cli.ts']);
    const assignments = steps[1]!.filter((word) => /^[A-Z_]+=/.test(word));
    expect(Object.fromEntries(assignments.map((a) => a.split('=')))).toEqual(SERVER_ENV);
    const run = steps[1]!.slice(assignments.length);
    expect(run[0]).toBe('node');
    expect(run, 'no tsx loader at run time').not.toContain('tsx');
    const entry = run.indexOf('dist/server/main.js');
    expect(entry).toBe(run.length - 1);
    for (const flag of SERVER_NODE_FLAGS) {
      const at = run.indexOf(flag);
      expect(at, flag).toBeGreaterThan(0);
      expect(at, `${flag} comes before the entry`).toBeLessThan(entry);
    }
  });
});
