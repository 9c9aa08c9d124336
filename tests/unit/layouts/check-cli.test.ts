import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

// Operators' gate: `npm run layouts:check [FILE…]`, run for real through tsx, on the fixtures of tests/fixtures/layouts/.

const run = promisify(execFile);
const FIXTURES = 'tests/fixtures/layouts';

/** The CLI on `files`, with LAYOUTS_DIR as given (unset: layouts/). */
async function checkIn(layoutsDir: string | undefined, files: string[]): Promise<{ code: number; lines: string[] }> {
  // No database: the demo tenants (CI's fresh clone); a database's tenants are tried in tests/unit/cli-tools.test.ts.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(tmpdir(), 'dealdeck-check-no-database') };
  delete env.LAYOUTS_DIR;
  delete env.DATABASE_URL;
  if (layoutsDir !== undefined) env.LAYOUTS_DIR = layoutsDir;
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/server/layouts/check-cli.ts', ...files], {
      cwd: process.cwd(),
      env,
    });
    return { code: 0, lines: stdout.trim().split('\n') };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, lines: (failed.stdout ?? '').trim().split('\n') };
  }
}

const check = (...files: string[]) => checkIn(undefined, files);

describe('layouts:check', () => {
  it('passes the shipped layouts/ with a count line', async () => {
    const { code, lines } = await check();
    expect(lines).toEqual(['17 documents valid']);
    expect(code).toBe(0);
  }, 30_000);

  it('checks LAYOUTS_DIR, the directory the server serves, and its named files against the rest of it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dealdeck-check-'));
    try {
      await cp('layouts', dir, { recursive: true });
      const rel = path.relative(process.cwd(), dir);
      const copy = JSON.parse(await readFile('layouts/home/top-deals.json', 'utf8')) as Record<string, unknown>;
      await writeFile(path.join(dir, 'home', 'copy.json'), JSON.stringify({ ...copy, title: 'A copy' }, null, 2));
      const all = await checkIn(dir, []);
      expect(all.code).toBe(1);
      expect(all.lines).toEqual([
        `${rel}/home/copy.json:7:5 /serves/0 "Home Page Five" is served twice in home/main; also in ${rel}/home/top-deals.json`,
        `${rel}/home/top-deals.json:6:14 /serves/0 "Home Page Five" is served twice in home/main; also in ${rel}/home/copy.json`,
        '2 problems',
      ]);
      // A named file of LAYOUTS_DIR is compared with the rest of LAYOUTS_DIR, not with layouts/.
      const named = await checkIn(dir, [`${rel}/home/copy.json`]);
      expect(named.lines).toEqual([all.lines[0], '1 problem']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

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
    /** The line of a file's problem at a pointer (or starting with `start`), without its `file:line:column ` prefix. */
    const line = (name: string, start: string): string | undefined =>
      result.lines
        .filter((l) => l.startsWith(`${FIXTURES}/${name}.json:`))
        .map((l) => l.slice(l.indexOf(' ') + 1))
        .find((rest) => rest.startsWith(start.replace(/:$/, ' ')));

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
        /\/sections\/1\/type unknown section type "carousel-of-doom"; known types: affiliate-disclosure, banner-carousel, /,
      );
    });

    it('checks email documents (the digest, issue 14) like the others, with file and pointer', () => {
      const lines = result.lines.filter((l) => l.startsWith(`${FIXTURES}/email-broken.json`));
      expect(lines.some((l) => /\/sections\/0\/settings\/(day|hour) must be/.test(l))).toBe(true);
      expect(line('email-broken', '/sections/1/settings/count:')).toMatch(/must be <= 30$/);
      expect(line('email-broken', '/sections/2/type:')).toMatch(/"deal-grid" cannot be used in an email document/);
      // No email-footer: the reader would see no unsubscribe link in the mail itself.
      expect(line('email-broken', '/sections:')).toMatch(/needs an "email-footer" section/);
    });

    it('reports a count beyond its bound', () => {
      expect(line('count-out-of-bounds', '/sections/0/settings/count:')).toMatch(/must be <= 100$/);
    });

    it('reports collapsed greater than expanded with the expanded value', () => {
      expect(line('collapsed-over-expanded', '/sections/0/settings/collapsed:')).toMatch(/ must be <= 17$/);
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
      expect(result.lines).toContain(
        `${FIXTURES}/not-json.json:5:3 invalid JSON at line 5, column 3: expected ',' or '}' after the property value`,
      );
    });

    it('prints file:line:column pointer message, the position of the offending value', () => {
      expect(result.lines).toContain(
        `${FIXTURES}/unknown-setting.json:17:21 /sections/0/settings/colapsed unknown property "colapsed"; allowed: source, title, collapsed, expanded, bannerPositions, bannerDimension, bannerSource, bannersOnlyWhenAvailable, nameCut, tagCut, ellipsis, buttonLabel, showMoreLabel, showLessLabel, verificationBadge`,
      );
      // A missing property is placed at the object that lacks it.
      expect(result.lines.find((l) => l.includes('missing section type'))).toMatch(
        new RegExp(`^${FIXTURES}/missing-type\\.json:10:5 /sections/0/type missing section type`),
      );
    });
  });

  describe('on schema version 2 documents', () => {
    const v2 = [
      'schedule-black-friday',
      'schedule-cyber-week',
      'experiment-split-a',
      'experiment-split-b',
      'unknown-tenant',
    ].map((name) => `${FIXTURES}/${name}.json`);

    it('reports overlapping schedules, weights not summing to 100 and unknown tenants, with positions', async () => {
      const { code, lines } = await check(...v2);
      expect(code).toBe(1);
      expect(lines).toEqual([
        `${FIXTURES}/schedule-black-friday.json:10:15 /schedule schedule overlaps ${FIXTURES}/schedule-cyber-week.json for tenant one.localhost in home/main: both would serve at once`,
        `${FIXTURES}/schedule-cyber-week.json:10:15 /schedule schedule overlaps ${FIXTURES}/schedule-black-friday.json for tenant one.localhost in home/main: both would serve at once`,
        `${FIXTURES}/experiment-split-a.json:12:15 /experiment/weight the weights of experiment "fixture-split" sum to 90, not 100 (${FIXTURES}/experiment-split-a.json, ${FIXTURES}/experiment-split-b.json)`,
        `${FIXTURES}/experiment-split-b.json:12:15 /experiment/weight the weights of experiment "fixture-split" sum to 90, not 100 (${FIXTURES}/experiment-split-a.json, ${FIXTURES}/experiment-split-b.json)`,
        `${FIXTURES}/unknown-tenant.json:8:5 /tenants/0 unknown tenant "nowhere.localhost": no site has this host`,
        '5 problems',
      ]);
    }, 30_000);

    it('reports every problem of a document: an unknown tenant beside a schedule error that rejects it', async () => {
      const { code, lines } = await check(`${FIXTURES}/unknown-tenant-bad-schedule.json`);
      expect(code).toBe(1);
      expect(lines).toEqual([
        `${FIXTURES}/unknown-tenant-bad-schedule.json:10:54 /schedule/until until (2026-11-01T00:00) must be after from (2026-12-01T00:00)`,
        `${FIXTURES}/unknown-tenant-bad-schedule.json:8:5 /tenants/0 unknown tenant "nowhere.localhost": no site has this host`,
        '2 problems',
      ]);
    }, 30_000);

    it('prints the same problems as JSON with --json, exiting 1', async () => {
      const { code, lines } = await check('--json', ...v2);
      expect(code).toBe(1);
      const out = JSON.parse(lines.join('\n')) as {
        checked: number;
        tenants: string;
        problems: { file: string; line: number; column: number; pointer: string; message: string }[];
      };
      expect(out.checked).toBe(5);
      expect(out.tenants).toBe('demo');
      expect(out.problems).toHaveLength(5);
      expect(out.problems[4]).toEqual({
        file: `${FIXTURES}/unknown-tenant.json`,
        line: 8,
        column: 5,
        pointer: '/tenants/0',
        message: 'unknown tenant "nowhere.localhost": no site has this host',
      });
    }, 30_000);

    it('prints a valid set as JSON with no problems, exiting 0', async () => {
      const { code, lines } = await check('--json', 'layouts/home/landing.json');
      expect(code).toBe(0);
      expect(JSON.parse(lines.join('\n'))).toEqual({ checked: 1, tenants: 'demo', problems: [] });
    }, 30_000);
  });
});
