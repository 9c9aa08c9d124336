import type { LayoutProblem } from '../../shared/layout/types';
import type { Db, Queryable } from '../db/connect';
import { contractSchemaProblems } from './contract-schemas';
import { publicationTenants } from './database-tenants';
import { readLayoutFiles, writeLayoutFiles, type PublicationMeta } from './db-source';
import { loadLayouts, type LayoutFiles } from './load';

// `npm run layouts:import` (and its old name layouts:publish): the checks of layouts:check on the files as read, then
// those very texts written to the database in one transaction (LAYOUTS_SOURCE=db instances load them). The layout
// studio publishes through the same check (studio.ts).
export type PublishResult =
  { published: true; documents: number; version: number } | { published: false; problems: LayoutProblem[] };

/**
 * Everything that keeps a set from being published: the schemas of schemas/ against the contract, and each document
 * and the set as a whole (serving clashes, schedules, experiments, tenants unknown to this database) as layouts:check
 * says them. `db` is the database it would be published to (its sites are the known tenants).
 */
export async function setProblems(db: Queryable, dir: string, files: LayoutFiles): Promise<LayoutProblem[]> {
  const loaded = await loadLayouts(dir, files, await publicationTenants(db));
  const problems = [...contractSchemaProblems(), ...loaded.problems];
  if (files.size === 0) problems.push({ file: dir, pointer: '', message: 'no layout documents to publish' });
  return problems;
}

export async function publishLayouts(db: Db, dir: string, meta: PublicationMeta): Promise<PublishResult> {
  const files = await readLayoutFiles(dir);
  const problems = await setProblems(db, dir, files);
  if (problems.length > 0) return { published: false, problems };
  return { published: true, documents: files.size, version: await writeLayoutFiles(db, dir, files, meta) };
}
