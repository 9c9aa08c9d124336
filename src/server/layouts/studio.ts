import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  LayoutVersion,
  StudioDocument,
  StudioDocumentAnswer,
  StudioOverview,
  StudioProblem,
} from '../../shared/contract/layout-studio';
import { touchedPaths, type TouchedText } from '../../shared/layout/publish-reach';
import type { LayoutKind } from '../../shared/layout/types';
import type { Db, Queryable } from '../db/connect';
import {
  deleteLayoutDraft,
  findLayoutDraft,
  layoutTextAtVersion,
  layoutVersionTexts,
  listLayoutDrafts,
  listLayoutVersions,
  saveLayoutDraft,
} from '../db/repositories/layout-studio';
import {
  lockPublication,
  publishedText,
  publishedTexts,
  publishedVersion,
  readLayoutFiles,
  storedPath,
  writeLayoutSet,
  type PublicationMeta,
} from './db-source';
import { layoutFileName, type LayoutFiles } from './load';
import { setProblems } from './publish';

// Issue 29, the layout studio's domain: the set in force, a text checked within it, drafts, and publications of the
// whole set as numbered versions (docs/decisions/037-layout-versions.md). Documents are kept as the texts operators
// wrote; a set is addressed by stored path ('home/x.json'), and problems name files as layouts:check prints them.

export type LayoutsSource = 'db' | 'files';

/** A set of documents: stored path → text. */
export type LayoutSet = ReadonlyMap<string, string>;

/** A text of a change, before and after (null: absent on that side). */
export interface TouchedDocument {
  path: string;
  before: TouchedText;
  after: TouchedText;
}

/** What a publication did, or why it did not. */
export type PublishOutcome =
  | { refused: null; version: number; touched: readonly string[] }
  | { refused: 'problems'; problems: StudioProblem[] }
  | { refused: 'reach' }
  | { refused: 'no-version' }
  | { refused: 'files' };

export interface PublishBy {
  author: string;
  note?: string | undefined;
  /** Whether this operator may make a change touching these texts (an editor's reach, publish-reach.ts). */
  allowed(touched: readonly TouchedDocument[]): boolean;
}

/** At most this many versions are listed. */
export const VERSIONS_LISTED = 50;

const problemOf = ({ file, pointer, message }: StudioProblem): StudioProblem => ({ file, pointer, message });

/** The document's title, '' when its text has none or does not parse (a draft may be broken). */
function titleOf(text: string | undefined): string {
  try {
    const doc: unknown = JSON.parse(text ?? '');
    const title = typeof doc === 'object' && doc !== null ? (doc as { title?: unknown }).title : undefined;
    return typeof title === 'string' ? title : '';
  } catch {
    return '';
  }
}

/** Where a studio works: its database, LAYOUTS_DIR (as layouts:check names it) and what the server serves. */
export interface StudioPlace {
  db: Db;
  dir: string;
  source: LayoutsSource;
}

const filesOf = (s: StudioPlace, set: LayoutSet): LayoutFiles =>
  new Map([...set].map(([stored, text]) => [layoutFileName(s.dir, stored), text]));

/** LAYOUTS_DIR's documents by stored path. */
async function dirSet(s: StudioPlace): Promise<Map<string, string>> {
  return new Map([...(await readLayoutFiles(s.dir))].map(([file, text]) => [storedPath(s.dir, file), text]));
}

/** The version served (0: LAYOUTS_DIR's files are; in files mode always). */
const versionInForce = async (s: StudioPlace, q: Queryable): Promise<number> =>
  s.source === 'db' ? publishedVersion(q) : 0;

/** The set of a version in force: the published one, or LAYOUTS_DIR's until the first publication. */
const setAt = async (s: StudioPlace, q: Queryable, version: number): Promise<Map<string, string>> =>
  version > 0 ? publishedTexts(q) : dirSet(s);

const problemsOf = async (s: StudioPlace, q: Queryable, set: LayoutSet): Promise<StudioProblem[]> =>
  (await setProblems(q, s.dir, filesOf(s, set))).map(problemOf);

const versionsOf = (q: Queryable, docPath?: string): Promise<LayoutVersion[]> =>
  listLayoutVersions(q, { limit: VERSIONS_LISTED, path: docPath });

/** One document's text in the set in force (a primary-key read, or one file), null when it is not in it. */
async function textInForce(s: StudioPlace, docPath: string): Promise<string | null> {
  if ((await versionInForce(s, s.db)) > 0) return publishedText(s.db, docPath);
  try {
    return await readFile(path.join(s.dir, ...docPath.split('/')), 'utf8');
  } catch {
    return null;
  }
}

async function overview(s: StudioPlace): Promise<StudioOverview['data']> {
  const version = await versionInForce(s, s.db);
  const set = await setAt(s, s.db, version);
  const drafts = new Map((await listLayoutDrafts(s.db)).map((d) => [d.path, d]));
  const paths = [...new Set([...set.keys(), ...drafts.keys()])].sort();
  const documents = paths.map((p): StudioDocument => {
    const draft = drafts.get(p);
    return {
      path: p,
      kind: p.split('/')[0] as LayoutKind,
      title: titleOf(set.get(p) ?? draft?.body),
      published: set.has(p),
      draft: draft ? { updated_at: draft.updatedAt, updated_by: draft.author } : null,
    };
  });
  return { source: s.source, version, documents, versions: await versionsOf(s.db) };
}

async function documentOf(s: StudioPlace, docPath: string): Promise<StudioDocumentAnswer['data']> {
  const draft = await findLayoutDraft(s.db, docPath);
  const published = await textInForce(s, docPath);
  return {
    path: docPath,
    draft: draft ? { body: draft.body, updated_at: draft.updatedAt, updated_by: draft.author } : null,
    published: published === null ? null : { body: published },
    versions: await versionsOf(s.db, docPath),
  };
}

/** How the files LAYOUTS_DIR served are recorded when the console first publishes over them. */
const FILES_IN_FORCE: PublicationMeta = {
  action: 'import',
  author: 'LAYOUTS_DIR',
  note: 'The layout files served until the first publication from the console',
};

/** Checks `after`, then the operator's reach over what differs from `before`, then publishes it whole (in tx). */
async function replaceSet(
  s: StudioPlace,
  tx: Queryable,
  change: { before: LayoutSet; after: LayoutSet; meta: PublicationMeta; fromFiles: boolean },
  by: PublishBy,
): Promise<PublishOutcome> {
  const { before, after, meta } = change;
  const problems = await problemsOf(s, tx, after);
  if (problems.length > 0) return { refused: 'problems', problems };
  const touched = touchedPaths(before, after);
  const texts = touched.map((p) => ({ path: p, before: before.get(p) ?? null, after: after.get(p) ?? null }));
  if (!by.allowed(texts)) return { refused: 'reach' };
  // The first publication from the console replaces what LAYOUTS_DIR served: that set is recorded first, as a version
  // of its own, so the studio can always return to it.
  if (change.fromFiles) await writeLayoutSet(tx, s.dir, filesOf(s, before), FILES_IN_FORCE);
  const version = await writeLayoutSet(tx, s.dir, filesOf(s, after), meta);
  return { refused: null, version, touched };
}

/** Publishes the set in force with `body` as `docPath`, in the caller's transaction; the path's draft goes. */
async function publish(
  s: StudioPlace,
  tx: Queryable,
  doc: { path: string; body: string },
  by: PublishBy,
): Promise<PublishOutcome> {
  if (s.source !== 'db') return { refused: 'files' };
  const inForce = await lockPublication(tx);
  const before = await setAt(s, tx, inForce);
  const after = new Map(before).set(doc.path, doc.body);
  const meta = { action: 'publish' as const, author: by.author, note: by.note };
  const outcome = await replaceSet(s, tx, { before, after, meta, fromFiles: inForce === 0 }, by);
  if (outcome.refused === null) await deleteLayoutDraft(tx, doc.path);
  return outcome;
}

/** Publishes the set `version` published, again, as a new version (checked again), in the caller's transaction. */
async function rollback(s: StudioPlace, tx: Queryable, version: number, by: PublishBy): Promise<PublishOutcome> {
  if (s.source !== 'db') return { refused: 'files' };
  const inForce = await lockPublication(tx);
  const before = await setAt(s, tx, inForce);
  const target = await layoutVersionTexts(tx, version);
  if (!target) return { refused: 'no-version' };
  const meta = { action: 'rollback' as const, author: by.author, note: by.note };
  return replaceSet(s, tx, { before, after: new Map(Object.entries(target)), meta, fromFiles: inForce === 0 }, by);
}

/** The studio of one server: reads on its database, writes in the caller's transaction (with its audit row). */
export function layoutStudio(s: StudioPlace) {
  return {
    source: s.source,
    overview: () => overview(s),
    document: (docPath: string) => documentOf(s, docPath),
    /** A document's text at a version: undefined when the version is not recorded, null when it was not in it. */
    atVersion: (docPath: string, version: number): Promise<string | null | undefined> =>
      layoutTextAtVersion(s.db, version, docPath),
    /** Every problem of the set in force with `body` as `docPath`: what publishing it would answer. */
    check: async (docPath: string, body: string): Promise<StudioProblem[]> =>
      problemsOf(s, s.db, new Map(await setAt(s, s.db, await versionInForce(s, s.db))).set(docPath, body)),
    saveDraft: (tx: Queryable, docPath: string, body: string, author: string) =>
      saveLayoutDraft(tx, docPath, body, author),
    discardDraft: (tx: Queryable, docPath: string): Promise<boolean> => deleteLayoutDraft(tx, docPath),
    publish: (tx: Queryable, doc: { path: string; body: string }, by: PublishBy) => publish(s, tx, doc, by),
    rollback: (tx: Queryable, version: number, by: PublishBy) => rollback(s, tx, version, by),
    /** The text a granted preview shows: the draft, else the text in force; null when there is neither. */
    previewText: async (docPath: string): Promise<string | null> =>
      (await findLayoutDraft(s.db, docPath))?.body ?? textInForce(s, docPath),
  };
}

export type LayoutStudio = ReturnType<typeof layoutStudio>;
