import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db, Queryable } from '../db/connect';
import { insertLayoutVersion, type LayoutAction } from '../db/repositories/layout-studio';
import { LAYOUT_KINDS, layoutFileName, loadLayouts, type LayoutFiles, type LoadedLayouts } from './load';

// LAYOUTS_SOURCE=db: the published layout documents live in PostgreSQL/PGlite (migration 040). This module yields
// the same files map (file name → JSON text) the loader takes, so the loader and its checks stay the files' ones.

/** 'layouts/home/x.json' ↔ the stored path 'home/x.json' (relative to the layouts directory). */
export function storedPath(dir: string, file: string): string {
  return path.posix.relative(layoutFileName(dir), file);
}

/** Every dir/<kind>/*.json as a files map (what layouts:publish validates and writes). */
export async function readLayoutFiles(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const kind of LAYOUT_KINDS) {
    let names: string[];
    try {
      names = (await readdir(path.join(dir, kind))).filter((name) => name.endsWith('.json')).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const name of names)
      files.set(layoutFileName(dir, kind, name), await readFile(path.join(dir, kind, name), 'utf8'));
  }
  return files;
}

/** The published version (0: nothing published yet); one primary-key read, cheap enough to poll. */
export async function publishedVersion(db: Queryable): Promise<number> {
  const rows = await db.query<{ version: string | number }>('SELECT version FROM layout_publication WHERE id = 1');
  return rows.length ? Number(rows[0]!.version) : 0;
}

/** The published documents as a files map under dir's names, and their version; null when never published. */
export async function dbLayoutFiles(db: Db, dir: string): Promise<{ version: number; files: LayoutFiles } | null> {
  return db.transaction(async (tx) => {
    const version = await publishedVersion(tx);
    if (version === 0) return null;
    const texts = await publishedTexts(tx);
    return { version, files: new Map([...texts].map(([stored, body]) => [layoutFileName(dir, stored), body])) };
  });
}

/** Who published a set, how, and why: the version's row in layout_versions (migration 057). */
export interface PublicationMeta {
  action: LayoutAction;
  author: string;
  note?: string | undefined;
}

/**
 * Replaces the published set with `files` in one transaction (instances never see half a publication) and returns
 * the new version. The caller has validated them.
 */
export async function writeLayoutFiles(
  db: Db,
  dir: string,
  files: LayoutFiles,
  meta: PublicationMeta,
): Promise<number> {
  return db.transaction((tx) => writeLayoutSet(tx, dir, files, meta));
}

/** writeLayoutFiles inside the caller's transaction: the set, the new version and its snapshot commit together. */
export async function writeLayoutSet(
  tx: Queryable,
  dir: string,
  files: LayoutFiles,
  meta: PublicationMeta,
): Promise<number> {
  // Serialises concurrent publications: the second waits for the first, then replaces its set whole.
  await lockPublication(tx);
  await tx.query('DELETE FROM layout_documents');
  const documents: Record<string, string> = {};
  for (const [file, body] of files) {
    const stored = storedPath(dir, file);
    documents[stored] = body;
    await tx.query('INSERT INTO layout_documents (path, body) VALUES ($1, $2)', [stored, body]);
  }
  const next = await tx.query<{ version: string | number }>(
    'UPDATE layout_publication SET version = version + 1, published_at = now() WHERE id = 1 RETURNING version',
  );
  const version = Number(next[0]!.version);
  await insertLayoutVersion(tx, {
    version,
    documents,
    action: meta.action,
    author: meta.author,
    note: meta.note ?? '',
  });
  return version;
}

/** Takes the publication's row lock for the rest of the transaction and answers the version in force. */
export async function lockPublication(tx: Queryable): Promise<number> {
  const rows = await tx.query<{ version: string | number }>(
    'SELECT version FROM layout_publication WHERE id = 1 FOR UPDATE',
  );
  if (rows.length === 0) throw new Error('layout_publication is missing: run the migrations first');
  return Number(rows[0]!.version);
}

/** One published document's text by stored path; null when it is not in the published set. */
export async function publishedText(db: Queryable, stored: string): Promise<string | null> {
  const rows = await db.query<{ body: string }>('SELECT body FROM layout_documents WHERE path = $1', [stored]);
  return rows[0]?.body ?? null;
}

/** The published set by stored path ('home/x.json' → text); empty when nothing is published. */
export async function publishedTexts(db: Queryable): Promise<Map<string, string>> {
  const rows = await db.query<{ path: string; body: string }>('SELECT path, body FROM layout_documents ORDER BY path');
  return new Map(rows.map((r) => [r.path, r.body]));
}

/** The documents the server loads from the database: what loadLayouts makes of the published files map. */
export async function loadDbLayouts(db: Db, dir: string): Promise<{ version: number; loaded: LoadedLayouts } | null> {
  const published = await dbLayoutFiles(db, dir);
  if (!published) return null;
  return { version: published.version, loaded: await loadLayouts(dir, published.files) };
}

/**
 * The server's loader for LAYOUTS_SOURCE=db: the published documents; until something is published, the files of
 * dir (with a warning), so a new deployment serves its image's layouts. `version` is the one last loaded.
 */
export function dbLayoutsLoader(
  db: Db,
  dir: string,
  warn: (msg: string) => void,
): { load(): Promise<LoadedLayouts>; version(): number } {
  let version = 0;
  return {
    version: () => version,
    load: async () => {
      const published = await loadDbLayouts(db, dir);
      version = published?.version ?? 0;
      if (published) return published.loaded;
      warn(`LAYOUTS_SOURCE=db but no layouts are published yet: serving ${dir}/ until \`npm run layouts:publish\``);
      return loadLayouts(dir);
    },
  };
}

/** Calls onChange when the published version differs from the one in force (current()); returns stop(). */
export function pollPublishedVersion(
  db: Queryable,
  intervalMs: number,
  current: () => number,
  onChange: (version: number) => void,
): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    publishedVersion(db)
      .then((version) => {
        if (version !== current()) onChange(version);
      })
      .catch(() => undefined) // the database is away: the next tick tries again
      .finally(() => {
        busy = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
