import path from 'node:path';
import type { LayoutKind, LayoutProblem, LoadedDocument } from '../../shared/layout/types';
import { folderProblems, LAYOUT_KINDS, layoutFileName, loadLayoutFile, loadLayouts } from './load';
import { servingProblems } from './serving';

// What `npm run layouts:check [FILE…]` checks; the CLI only prints.

export type CheckResult = { checked: number; problems: LayoutProblem[] };

/** `${file} ${pointer}: ${message}`; the pointer is left out for the whole document. */
export function formatProblem(problem: LayoutProblem): string {
  return problem.pointer
    ? `${problem.file} ${problem.pointer}: ${problem.message}`
    : `${problem.file}: ${problem.message}`;
}

/** The kind folder a file sits in when it is inside dir/<kind>/, else null. */
function kindFolderOf(file: string, dir: string): LayoutKind | null {
  const relative = path.relative(path.resolve(dir), path.resolve(file)).split(path.sep);
  const folder = relative.length === 2 ? relative[0] : undefined;
  return LAYOUT_KINDS.find((kind) => kind === folder) ?? null;
}

/**
 * No files: every document of dir. Files: just those, but their serving (duplicate home_page values, defaults) is
 * checked together with the rest of dir; only problems of the named files are returned.
 */
export async function checkLayouts(files: readonly string[], dir = 'layouts'): Promise<CheckResult> {
  if (files.length === 0) {
    const loaded = await loadLayouts(dir);
    return { checked: loaded.files.length, problems: loaded.problems };
  }
  const named = files.map((file) => layoutFileName(path.relative(process.cwd(), path.resolve(file))));
  const namedSet = new Set(named.map((file) => path.resolve(file)));
  const rest = (await loadLayouts(dir)).documents.filter((entry) => !namedSet.has(path.resolve(entry.file)));
  const problems: LayoutProblem[] = [];
  const entries: LoadedDocument[] = [];
  for (const file of named) {
    const loaded = await loadLayoutFile(file);
    problems.push(...loaded.problems);
    if (!loaded.entry) continue;
    const folder = kindFolderOf(file, dir);
    problems.push(...(folder ? folderProblems(loaded.entry, folder) : []));
    entries.push(loaded.entry);
  }
  const serving = servingProblems([...rest, ...entries], layoutFileName(dir));
  problems.push(...serving.filter((problem) => named.includes(problem.file)));
  return { checked: named.length, problems };
}
