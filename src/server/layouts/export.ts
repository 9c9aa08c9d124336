import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/connect';
import { dbLayoutFiles } from './db-source';
import { LAYOUT_KINDS, layoutFileName } from './load';

// `npm run layouts:export`: the database's published set written into a layouts directory as the very texts that
// were published (byte for byte), so a variant made in the layout studio can be committed; what the set no longer holds
// is removed. layouts:check then finds in the files exactly what the database serves.

export interface ExportResult {
  version: number;
  /** Files written because they were missing or differed, as layouts:check names them. */
  written: string[];
  /** *.json files of the kind folders that are not in the set, removed. */
  removed: string[];
  unchanged: number;
}

async function textOf(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

async function jsonFiles(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
}

/** Writes the published set into dir; null when nothing is published (dir is left alone). */
export async function exportLayouts(db: Db, dir: string): Promise<ExportResult | null> {
  const published = await dbLayoutFiles(db, dir);
  if (!published) return null;
  const result: ExportResult = { version: published.version, written: [], removed: [], unchanged: 0 };
  for (const [file, text] of published.files) {
    if ((await textOf(file)) === text) {
      result.unchanged++;
      continue;
    }
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text, 'utf8');
    result.written.push(file);
  }
  for (const kind of LAYOUT_KINDS) {
    for (const name of (await jsonFiles(path.join(dir, kind))).sort()) {
      const file = layoutFileName(dir, kind, name);
      if (published.files.has(file)) continue;
      await rm(path.join(dir, kind, name));
      result.removed.push(file);
    }
  }
  return result;
}
