import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

// Operators' gate: `npm run layouts:check [FILE…]`, run for real through tsx, on the fixtures of tests/fixtures/layouts/.

const run = promisify(execFile);
const FIXTURES = 'tests/fixtures/layouts';

async function check(...files: string[]): Promise<{ code: number; lines: string[] }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/server/layouts/check-cli.ts', ...files], {
      cwd: process.cwd(),
    });
    return { code: 0, lines: stdout.trim().split('\n') };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, lines: (failed.stdout ?? '').trim().split('\n') };
  }
}

describe('layouts:check', () => {
  it('passes the shipped layouts/ with a count line', async () => {
    const { code, lines } = await check();
    expect(lines).toEqual(['17 documents valid']);
    expect(code).toBe(0);
  }, 30_000);

  it('checks a named layouts/ file against the rest without calling it a duplicate of itself', async () => {
    const { code, lines } = await check('layouts/home/three-four.json');
    expect(lines).toEqual(['1 document valid']);
    expect(code).toBe(0);
  }, 30_000);

  describe('on broken fixtures', () => {
    let result: { code: number; lines: string[] };
    const names = [
      'missing-type',
      'unknown-type',
      'count-out-of-bounds',
      'collapsed-over-expanded',
      'banner-outside-grid',
      'offset-beyond-fetch',
      'duplicate-home-page',
      'unknown-setting',
      'not-json',
      'email-broken',
    ];
    beforeAll(async () => {
      result = await check(...names.map((name) => `${FIXTURES}/${name}.json`));
    }, 30_000);
    const line = (name: string, start: string): string | undefined =>
      result.lines.find(
        (l) => l.startsWith(`${FIXTURES}/${name}.json ${start}`) || l.startsWith(`${FIXTURES}/${name}.json: ${start}`),
      );

    it('exits 1 and prints one line per problem, each naming its file', () => {
      expect(result.code).toBe(1);
      const problemLines = result.lines.slice(0, -1);
      expect(problemLines.length).toBeGreaterThanOrEqual(names.length);
      for (const name of names) expect(problemLines.some((l) => l.startsWith(`${FIXTURES}/${name}.json`))).toBe(true);
      expect(result.lines.at(-1)).toMatch(/^\d+ problems$/);
    });

    it('names a missing section type and lists the known ones', () => {
      expect(line('missing-type', '/sections/0/type:')).toMatch(/missing section type; known types: .*deal-grid/);
    });

    it('reports an unknown section type once, by name', () => {
      const lines = result.lines.filter((l) => l.startsWith(`${FIXTURES}/unknown-type.json`));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /\/sections\/1\/type: unknown section type "carousel-of-doom"; known types: affiliate-disclosure, banner-carousel, /,
      );
    });

    it('checks email documents (the digest, issue 14) like the others, with file and pointer', () => {
      const lines = result.lines.filter((l) => l.startsWith(`${FIXTURES}/email-broken.json`));
      expect(lines.some((l) => /\/sections\/0\/settings\/(day|hour): must be/.test(l))).toBe(true);
      expect(line('email-broken', '/sections/1/settings/count:')).toMatch(/must be <= 30$/);
      expect(line('email-broken', '/sections/2/type:')).toMatch(/"deal-grid" cannot be used in a email document/);
    });

    it('reports a count beyond its bound', () => {
      expect(line('count-out-of-bounds', '/sections/0/settings/count:')).toMatch(/must be <= 100$/);
    });

    it('reports collapsed greater than expanded with the expanded value', () => {
      expect(line('collapsed-over-expanded', '/sections/0/settings/collapsed:')).toMatch(/: must be <= 17$/);
    });

    it('reports a banner position the grid never reaches', () => {
      expect(line('banner-outside-grid', '/sections/0/settings/bannerPositions/1:')).toMatch(
        /banner position 19 is outside the grid.*up to 18/,
      );
      expect(line('banner-outside-grid', '/sections/0/settings/bannerPositions/0:')).toBeUndefined();
    });

    it('reports offset + count beyond the fetch limit', () => {
      expect(line('offset-beyond-fetch', '/sections/0/settings/count:')).toMatch(
        /offset 12 \+ count 12 = 24 is more than fetchLimit 20/,
      );
    });

    it('reports a home_page value already served in layouts/, naming the other file', () => {
      expect(line('duplicate-home-page', '/serves/0:')).toMatch(
        /"Home Page One" is served twice in home\/main; also in layouts\/home\/hero-sliders\.json/,
      );
    });

    it('names an unknown setting', () => {
      expect(line('unknown-setting', '/sections/0/settings/colapsed:')).toMatch(
        /unknown property "colapsed"; allowed: .*collapsed/,
      );
    });

    it('gives line and column for a file that is not JSON', () => {
      expect(line('not-json', 'invalid JSON')).toBe(
        `${FIXTURES}/not-json.json: invalid JSON at line 5, column 3: expected ',' or '}' after the property value`,
      );
    });
  });
});
