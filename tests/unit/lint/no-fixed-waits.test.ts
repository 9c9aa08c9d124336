import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 28: the lint refuses a fixed wait in a test (a sleep, waitForTimeout, a Promise around setTimeout) and lets
// a wait on an event through. Each case lints a snippet as if it were a file under tests/.
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ overrideConfigFile: 'tests/lint/eslint.config.js' });
});

async function fixedWaits(code: string, filePath = 'tests/server/snippet.test.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('lint: no fixed waits in tests', { timeout: 60_000 }, () => {
  it.each([
    [
      'page.waitForTimeout',
      'export async function f(page: { waitForTimeout(ms: number): Promise<void> }) {\n  await page.waitForTimeout(800);\n}\n',
    ],
    [
      'sleep()',
      'declare function sleep(ms: number): Promise<void>;\nexport async function f() {\n  await sleep(1000);\n}\n',
    ],
    [
      'new Promise(r => setTimeout(r, n))',
      'export async function f() {\n  await new Promise((r) => setTimeout(r, 200));\n}\n',
    ],
    [
      'new Promise with setTimeout in a block',
      'export async function f() {\n  await new Promise((resolve) => {\n    setTimeout(resolve, 300);\n  });\n}\n',
    ],
    [
      'timers/promises',
      "import { setTimeout as delay } from 'node:timers/promises';\nexport const f = () => delay(100);\n",
    ],
  ])('refuses %s, pointing to tests/helpers/wait.ts', async (_name, code) => {
    const messages = await fixedWaits(code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('tests/helpers/wait.ts');
  });

  it('lets until(), expect.poll and a held answer through', async () => {
    const code = [
      "import { until } from '../helpers/wait';",
      'declare const queue: { pending(): Promise<number> };',
      'export async function f() {',
      "  await until(async () => (await queue.pending()) === 0, { message: 'the queue has no job left' });",
      '  let release = () => undefined as void;',
      '  const held = new Promise<void>((resolve) => (release = resolve));',
      '  release();',
      '  await held;',
      '}',
      '',
    ].join('\n');
    expect(await fixedWaits(code)).toEqual([]);
  });

  it('applies to tests only, and lets the helper module itself use a timer', async () => {
    const code = 'export const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));\n';
    expect(await fixedWaits(code, 'tests/helpers/wait.ts')).toEqual([]);
    expect(await fixedWaits(code, 'src/server/lib/pause.ts')).toEqual([]);
    expect(await fixedWaits(code, 'tests/e2e/pause.ts')).toHaveLength(1);
  });
});
