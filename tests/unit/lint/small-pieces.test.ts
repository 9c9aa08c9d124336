import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 28: no function over 80 lines and no file over 400 in src (blank lines and comments not counted); tests are
// exempt. Each case lints generated code as if it were a file of the tree.
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ overrideConfigFile: 'tests/lint/eslint.config.js' });
});

const rulesHit = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId);
};
const fn = (name: string, lines: number) =>
  `export function ${name}(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(lines - 4)}  return n;\n}\n`;

describe('lint: small pieces', { timeout: 60_000 }, () => {
  it('refuses a function over 80 lines in src, and accepts one of 80', async () => {
    expect(await rulesHit('src/server/lib/long.ts', fn('long', 81))).toContain('max-lines-per-function');
    expect(await rulesHit('src/server/lib/long.ts', fn('fits', 80))).not.toContain('max-lines-per-function');
  });

  it('refuses a file over 400 lines in src', async () => {
    const code = Array.from({ length: 8 }, (_, i) => fn(`f${i}`, 51)).join('\n');
    expect(await rulesHit('src/client/lib/big.ts', code)).toContain('max-lines');
  });

  it('leaves tests free of both', async () => {
    const ids = await rulesHit('tests/unit/long.test.ts', fn('long', 120));
    expect(ids).not.toContain('max-lines-per-function');
  });
});
