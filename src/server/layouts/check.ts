import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LayoutKind, LayoutProblem, LoadedDocument } from '../../shared/layout/types';
import { folderProblems, LAYOUT_KINDS, layoutFileName, loadLayoutFile, loadLayouts } from './load';
import { positionOf, syntaxErrorPosition, type SourcePosition } from './positions';
import { claimsOf, servingProblems, type KnownTenant, type TenantClaims } from './serving';

// What `npm run layouts:check [--json] [FILE…]` checks; the CLI only prints.

/** A problem with the JSON source position of the offending value, when its file is a JSON file. */
export type PositionedProblem = LayoutProblem & Partial<SourcePosition>;

export type CheckResult = { checked: number; problems: PositionedProblem[] };

/**
 * `file:line:column pointer message` (an editor jumps there); without a position (a folder's missing default)
 * `file pointer message`; the pointer is left out for the whole document.
 */
export function formatProblem(problem: PositionedProblem): string {
  const where = problem.line !== undefined ? `${problem.file}:${problem.line}:${problem.column ?? 1}` : problem.file;
  return [where, problem.pointer, problem.message].filter((part) => part !== '').join(' ');
}

/** Each problem with the line and column of its pointer in its file (files read once). */
export async function withPositions(problems: readonly LayoutProblem[]): Promise<PositionedProblem[]> {
  const texts = new Map<string, Promise<string | null>>();
  const textOf = (file: string) => {
    let text = texts.get(file);
    if (!text) {
      text = file.endsWith('.json') ? readFile(file, 'utf8').catch(() => null) : Promise.resolve(null);
      texts.set(file, text);
    }
    return text;
  };
  return Promise.all(
    problems.map(async (problem) => {
      const text = await textOf(problem.file);
      if (text === null) return problem;
      const at = syntaxErrorPosition(problem.message) ?? positionOf(text, problem.pointer);
      return at ? { ...problem, ...at } : problem;
    }),
  );
}

/** The kind folder a file sits in when it is inside dir/<kind>/, else null. */
function kindFolderOf(file: string, dir: string): LayoutKind | null {
  const relative = path.relative(path.resolve(dir), path.resolve(file)).split(path.sep);
  const folder = relative.length === 2 ? relative[0] : undefined;
  return LAYOUT_KINDS.find((kind) => kind === folder) ?? null;
}

/**
 * No files: every document of dir. Files: just those, but their serving (duplicate home_page values, defaults,
 * schedules, experiments) is checked together with the rest of dir; only problems of the named files are returned.
 * `tenants`: the sites known (unknown tenants are reported, schedules compared in their time zones).
 */
export async function checkLayouts(
  files: readonly string[],
  dir = 'layouts',
  tenants?: readonly KnownTenant[],
): Promise<CheckResult> {
  if (files.length === 0) {
    const loaded = await loadLayouts(dir, undefined, tenants);
    return { checked: loaded.files.length, problems: await withPositions(loaded.problems) };
  }
  const named = files.map((file) => layoutFileName(path.relative(process.cwd(), path.resolve(file))));
  const namedSet = new Set(named.map((file) => path.resolve(file)));
  const rest = (await loadLayouts(dir)).documents.filter((entry) => !namedSet.has(path.resolve(entry.file)));
  const problems: LayoutProblem[] = [];
  const entries: LoadedDocument[] = [];
  const claims: TenantClaims[] = rest.map(claimsOf);
  for (const file of named) {
    const loaded = await loadLayoutFile(file);
    problems.push(...loaded.problems);
    claims.push({ file, tenants: loaded.tenants });
    if (!loaded.entry) continue;
    const folder = kindFolderOf(file, dir);
    problems.push(...(folder ? folderProblems(loaded.entry, folder) : []));
    entries.push(loaded.entry);
  }
  const serving = servingProblems([...rest, ...entries], layoutFileName(dir), tenants, claims);
  problems.push(...serving.filter((problem) => named.includes(problem.file)));
  return { checked: named.length, problems: await withPositions(problems) };
}
