import { watch, type FSWatcher } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { LAYOUT_KINDS } from '../../shared/contract/values';
import type { LayoutKind, LayoutProblem, LayoutSlot, LoadedDocument } from '../../shared/layout/types';
import { resolveDocument, type ResolveContext } from '../../shared/layout/resolve';
import { servingProblems, type KnownTenant, type TenantClaims } from './serving';
import { checkLayoutDocument } from './validate';

// Node-side layout API of the contract: load a layouts/ tree, pick the documents for a home_page value, watch for edits.

export { validateLayoutDocument, checkLayoutDocument } from './validate';
export type { LayoutProblem, LoadedDocument } from '../../shared/layout/types';

export { LAYOUT_KINDS };

export type LoadedLayouts = {
  /**
   * Every document whose envelope is sound, sorted by file, defaults filled in and faulty sections left out
   * (lenient for shoppers). Documents that break the serving rules stay in; the first file wins.
   */
  documents: LoadedDocument[];
  /** Everything wrong, strict (layouts:check and server start report these). */
  problems: LayoutProblem[];
  /** Every file read, valid or not. */
  files: string[];
};

export type ResolvedLayouts = {
  home: LoadedDocument;
  header: LoadedDocument;
  footer: LoadedDocument;
  mobileFooter: LoadedDocument;
};

/** 'layouts' + 'home' + 'x.json' → 'layouts/home/x.json', as printed by layouts:check. */
export function layoutFileName(dir: string, ...parts: string[]): string {
  return path.posix.join(dir.split(path.sep).join('/'), ...parts);
}

/** A document must sit in the folder of its kind. */
export function folderProblems(entry: LoadedDocument, folderKind: LayoutKind): LayoutProblem[] {
  if (entry.doc.kind === folderKind) return [];
  return [
    {
      file: entry.file,
      pointer: '/kind',
      message: `a document in ${folderKind}/ must have kind "${folderKind}", not "${entry.doc.kind}"`,
    },
  ];
}

async function jsonFilesIn(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** One file checked: its problems, its document (null when rejected as a whole) and its `tenants` as written. */
export type LoadedFile = { problems: LayoutProblem[]; entry: LoadedDocument | null; tenants: readonly unknown[] };

/** Reads and checks one file; a read failure is a problem too. */
export async function loadLayoutFile(file: string): Promise<LoadedFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return {
      problems: [{ file, pointer: '', message: `cannot read the file: ${(error as Error).message}` }],
      entry: null,
      tenants: [],
    };
  }
  return loadLayoutText(file, text);
}

/** Checks one document's text, read from a file or from a files map. */
export function loadLayoutText(file: string, text: string): LoadedFile {
  const { problems, doc, tenants } = checkLayoutDocument(text, file);
  return { problems, entry: doc ? { file, doc } : null, tenants };
}

/**
 * The documents' texts by file name ('layouts/home/x.json'), when they come from elsewhere than the disk
 * (LAYOUTS_SOURCE=db: layouts/db-source.ts).
 */
export type LayoutFiles = ReadonlyMap<string, string>;

function namesIn(source: LayoutFiles, dir: string, kind: LayoutKind): string[] {
  const folder = `${layoutFileName(dir, kind)}/`;
  return [...source.keys()]
    .filter((file) => file.startsWith(folder) && file.endsWith('.json') && !file.slice(folder.length).includes('/'))
    .map((file) => file.slice(folder.length))
    .sort();
}

/**
 * Loads dir/<kind>/*.json (or those of `source`) for every kind of the contract and checks each file and the set as a
 * whole; `tenants`, when known, lets the check report documents naming unknown tenants.
 */
export async function loadLayouts(
  dir = 'layouts',
  source?: LayoutFiles,
  tenants?: readonly KnownTenant[],
): Promise<LoadedLayouts> {
  const documents: LoadedDocument[] = [];
  const problems: LayoutProblem[] = [];
  const files: string[] = [];
  const claims: TenantClaims[] = [];
  for (const kind of LAYOUT_KINDS) {
    for (const name of source ? namesIn(source, dir, kind) : await jsonFilesIn(path.join(dir, kind))) {
      const file = layoutFileName(dir, kind, name);
      files.push(file);
      const loaded = source ? loadLayoutText(file, source.get(file) ?? '') : await loadLayoutFile(file);
      problems.push(...loaded.problems);
      claims.push({ file, tenants: loaded.tenants });
      if (!loaded.entry) continue;
      const misplaced = folderProblems(loaded.entry, kind);
      problems.push(...misplaced);
      if (misplaced.length === 0) documents.push(loaded.entry);
    }
  }
  problems.push(...servingProblems(documents, layoutFileName(dir), tenants, claims));
  return { documents, problems, files };
}

/** Who is drawn when: a bare home_page value is a request from no tenant host, now, by a bot (experiments' control). */
export type LayoutContext = ResolveContext;

function contextOf(at: string | LayoutContext): LayoutContext {
  return typeof at === 'string' ? { hosts: [], homePage: at, at: Date.now(), shopper: null } : at;
}

function pick(loaded: LoadedLayouts, kind: LayoutKind, slot: LayoutSlot, ctx: LayoutContext): LoadedDocument {
  const chosen = resolveDocument(loaded.documents, kind, slot, ctx);
  if (!chosen) throw new Error(`no ${kind} layout (slot ${slot}) serves "${ctx.homePage}" and there is no default`);
  return chosen;
}

/**
 * The documents for a tenant at an instant for a shopper (src/shared/layout/resolve.ts); a bare home_page value is
 * that value now, on no tenant host, for a bot. A (kind, slot) with no document serving it gets its default.
 */
export function resolveLayouts(loaded: LoadedLayouts, context: string | LayoutContext): ResolvedLayouts {
  const ctx = contextOf(context);
  return {
    home: pick(loaded, 'home', 'main', ctx),
    header: pick(loaded, 'header', 'main', ctx),
    footer: pick(loaded, 'footer', 'main', ctx),
    mobileFooter: pick(loaded, 'footer', 'mobile', ctx),
  };
}

/** Same function; mapping a route (/home2 → 'Home Page Two') is the caller's job. */
export const resolveLayoutsForRoute = resolveLayouts;

export type WatchOptions = { debounceMs?: number; onError?: (error: unknown) => void };

/** Re-loads dir after changes (debounced, one load at a time) and hands the result to onChange; returns stop(). */
export function watchLayouts(
  dir: string,
  onChange: (loaded: LoadedLayouts) => void,
  options: WatchOptions = {},
): () => void {
  const debounceMs = options.debounceMs ?? 100;
  const watchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  let queue: Promise<void> = Promise.resolve();
  let stopped = false;

  const watchFolder = (folder: string): void => {
    if (stopped || watchers.has(folder)) return;
    try {
      const watcher = watch(folder, schedule);
      watcher.on('error', () => {
        watcher.close();
        watchers.delete(folder);
      });
      watchers.set(folder, watcher);
    } catch {
      // The folder does not exist (yet); a change in dir re-arms the watchers.
    }
  };
  const arm = (): void => {
    watchFolder(dir);
    for (const kind of LAYOUT_KINDS) watchFolder(path.join(dir, kind));
  };
  function schedule(): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      queue = queue
        .then(async () => {
          arm();
          const loaded = await loadLayouts(dir);
          if (!stopped) onChange(loaded);
        })
        .catch((error: unknown) => options.onError?.(error));
    }, debounceMs);
  }

  arm();
  return () => {
    stopped = true;
    clearTimeout(timer);
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
}
