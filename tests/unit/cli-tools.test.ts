import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 26, "command-line tools that explain themselves": every `npm run` tool, run for real, prints its usage on
// --help, refuses an unknown option in one line, and never creates a database it was not asked to.

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

const ROOT = process.cwd();
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

function run(command: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: opts.cwd ?? ROOT, env: opts.env ?? process.env }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? -1) : 0, stdout, stderr }),
    );
  });
}

/** Runs the jobs a few at a time: each is a Node process compiling TypeScript. */
async function pooled<T>(jobs: (() => Promise<T>)[], width = Math.max(2, Math.min(6, cpus().length))): Promise<T[]> {
  const out: T[] = new Array<T>(jobs.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < jobs.length; i = next++) out[i] = await jobs[i]!();
  };
  await Promise.all(Array.from({ length: width }, worker));
  return out;
}

const lines = (text: string) => text.trim().split('\n').filter(Boolean);

describe('the npm run tools', () => {
  let tools: [string, string][];
  let scratch: string;
  /** No database anywhere: DATABASE_URL unset, DATA_DIR an empty directory's data/ that must stay absent. */
  let env: NodeJS.ProcessEnv;
  const tool = (file: string, args: string[], o: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) =>
    run(process.execPath, ['--import', TSX, path.resolve(ROOT, file), ...args], { env, ...o });

  beforeAll(async () => {
    const scripts = (JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    // Every script that is one TypeScript program (the dev server aside) is a tool.
    tools = Object.entries(scripts).flatMap(([name, command]) => {
      const file = /^tsx (\S+\.ts)$/.exec(command)?.[1];
      return file && name !== 'dev' ? [[name, file] as [string, string]] : [];
    });
    scratch = await mkdtemp(path.join(tmpdir(), 'dealdeck-tools-'));
    env = { ...process.env, DATA_DIR: path.join(scratch, 'data') };
    delete env.DATABASE_URL;
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('are the tools of the README, alerts among them', () => {
    expect(tools.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'layouts:check',
        'layouts:publish',
        'layouts:migrate',
        'schemas:write',
        'db:migrate',
        'experiments:report',
        'seed',
        'admin:create',
        'mail:outbox',
        'digest',
        'alerts',
        'bench',
      ]),
    );
  });

  it('print their usage on --help and exit 0; refuse an unknown option in one line and exit 2', async () => {
    const results = await pooled(
      tools.flatMap(([name, file]) => [
        async () => ({ name, help: true, ran: await tool(file, ['--help']) }),
        async () => ({ name, help: false, ran: await tool(file, ['--no-such-option']) }),
      ]),
    );
    for (const { name, help, ran } of results) {
      if (help) {
        expect(ran.code, `${name} --help: ${ran.stderr}`).toBe(0);
        expect(ran.stdout, name).toMatch(new RegExp(`^Usage: npm run ${name}\\b`));
        expect(ran.stdout, name).toContain('\nOptions:\n');
        expect(ran.stdout, name).toContain('-h, --help');
        expect(ran.stderr, name).toBe('');
      } else {
        expect(ran.code, `${name} --no-such-option`).toBe(2);
        expect(ran.stdout, name).toBe('');
        expect(lines(ran.stderr), name).toEqual([
          `${name}: unknown option --no-such-option (npm run ${name} -- --help)`,
        ]);
      }
    }
    // Nothing was created where they would look for a database.
    expect(await readdir(scratch)).toEqual([]);
  }, 240_000);

  it('say in one line which database they looked for, exit non-zero and create nothing', async () => {
    const want = (name: string) =>
      `${name}: no database: DATABASE_URL is not set and DATA_DIR (${path.join(scratch, 'data')}) holds no PGlite ` +
      'database; point DATA_DIR or DATABASE_URL at one (npm run db:migrate creates one)';
    const [digest, bare, ...others] = await pooled([
      // The npm script itself (npm -s: without npm's own lines).
      () => run('npm', ['run', '-s', 'digest', '--', '--tenant', 'one.localhost'], { env }),
      // `npm run digest` alone: the missing database is what it says, before the missing --tenant.
      () => run('npm', ['run', '-s', 'digest'], { env }),
      () => tool('src/server/mail/alerts-cli.ts', ['--now']),
      () => tool('src/server/db/experiments-report-cli.ts', []),
      () => tool('src/server/mail/outbox-cli.ts', []),
      () => tool('src/server/layouts/publish-cli.ts', []),
      () => tool('src/server/db/admin-create-cli.ts', ['--email', 'a@example.com', '--password', 'otter-lantern-q']),
    ]);
    expect(digest!.code).toBe(2);
    expect(lines(digest!.stderr)).toEqual([want('digest')]);
    expect(bare!.code).toBe(2);
    expect(lines(bare!.stderr)).toEqual([want('digest')]);
    const names = ['alerts', 'experiments:report', 'mail:outbox', 'layouts:publish', 'admin:create'];
    others.forEach((ran, i) => {
      expect(ran.code, names[i]).toBe(2);
      expect(lines(ran.stderr), names[i]).toEqual([want(names[i]!)]);
    });
    expect(await readdir(scratch)).toEqual([]);
  }, 120_000);

  it('without DATA_DIR, look in ./data of the directory they run in and leave it absent', async () => {
    const cwd = await mkdtemp(path.join(tmpdir(), 'dealdeck-cwd-'));
    try {
      const bare = { ...env };
      delete bare.DATA_DIR;
      const [digest, report] = await pooled([
        () => tool('src/server/mail/digest-cli.ts', ['--tenant', 'one.localhost'], { cwd, env: bare }),
        () => tool('src/server/db/experiments-report-cli.ts', [], { cwd, env: bare }),
      ]);
      for (const ran of [digest!, report!]) {
        expect(ran.code).toBe(2);
        expect(lines(ran.stderr)).toHaveLength(1);
        expect(ran.stderr).toContain(`DATA_DIR (${path.join(cwd, 'data')}) holds no PGlite database`);
      }
      expect(await readdir(cwd)).toEqual([]);
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  }, 120_000);
});
