import type { LayoutProblem } from '../../shared/layout/types';
import type { Db } from '../db/connect';
import { contractSchemaProblems } from './contract-schemas';
import { readLayoutFiles, writeLayoutFiles } from './db-source';
import { loadLayouts } from './load';

// `npm run layouts:publish`: the checks of layouts:check on the files as read, then those very texts written to the
// database in one transaction (LAYOUTS_SOURCE=db instances load them).
export type PublishResult =
  { published: true; documents: number; version: number } | { published: false; problems: LayoutProblem[] };

export async function publishLayouts(db: Db, dir: string): Promise<PublishResult> {
  const files = await readLayoutFiles(dir);
  const loaded = await loadLayouts(dir, files);
  const problems = [...contractSchemaProblems(), ...loaded.problems];
  if (files.size === 0) problems.push({ file: dir, pointer: '', message: 'no layout documents to publish' });
  if (problems.length > 0) return { published: false, problems };
  return { published: true, documents: files.size, version: await writeLayoutFiles(db, dir, files) };
}
