import {
  loadLayouts,
  resolveLayouts,
  watchLayouts,
  type LayoutContext,
  type LoadedLayouts,
  type ResolvedLayouts,
} from './load';
import { REQUIRED_SLOTS } from './serving';
import { contenders, resolveDocument, runningExperiment } from '../../shared/layout/resolve';
import { nextScheduleEdge } from '../../shared/layout/schedule';
import type { LoadedDocument } from '../../shared/layout/types';

// The layout documents in force: loaded at start, reloaded when layouts/ changes; problems logged with file + pointer.
/** Plain-message logger: pino (app.log) and the console logger of main.ts both fit. */
export interface Log {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

/** An experiment drawn on a page: its id and the shopper's variant. */
export interface RunningExperiment {
  id: string;
  variant: string;
}

export interface LayoutState {
  current(): LoadedLayouts;
  /** The documents for a tenant, instant and shopper (a bare home_page value: now, no host, a bot). */
  resolve(context: string | LayoutContext): ResolvedLayouts | null;
  /**
   * The home document serving a home_page value (/home2 … /home4 show one each) at the context's instant, for its
   * shopper; no tenant override applies to it. Null when that value has no home document.
   */
  homeVariant(value: string, context?: LayoutContext): LoadedDocument | null;
  /** The experiments running for the context's tenant at its instant, with the shopper's variants. */
  experiments(context: LayoutContext): RunningExperiment[];
  /** The first schedule edge after the context's instant (in its time zone), or null: a drawn page is valid until it. */
  nextEdge(context: LayoutContext): number | null;
  /** Loads the documents again (another instance's change notice, a new published version). */
  reload(): Promise<void>;
  stop(): void;
}

export interface LayoutSourceOptions {
  /** Loads the documents instead of reading dir (LAYOUTS_SOURCE=db, layouts/db-source.ts). */
  load?: () => Promise<LoadedLayouts>;
  /** After the watcher reloaded dir: tells the other instances (cluster/bus.ts). */
  onWatchedChange?: () => void;
}

function report(loaded: LoadedLayouts, log: Log): void {
  for (const p of loaded.problems) log.warn(`layout problem: ${p.file} ${p.pointer}: ${p.message}`);
  log.info(`layouts loaded: ${loaded.documents.length} documents, ${loaded.problems.length} problems`);
}

export async function startLayouts(
  dir: string,
  log: Log,
  watch = true,
  source: LayoutSourceOptions = {},
): Promise<LayoutState> {
  const load = source.load ?? (() => loadLayouts(dir));
  let loaded = await load();
  report(loaded, log);
  let queue: Promise<void> = Promise.resolve();
  // One load at a time; a failed reload keeps the documents in force.
  const reload = (): Promise<void> => {
    queue = queue
      .then(async () => {
        loaded = await load();
        report(loaded, log);
      })
      .catch((err: unknown) => log.error(`layout reload failed: ${String(err)}`));
    return queue;
  };
  const stop = watch
    ? watchLayouts(
        dir,
        (next) => {
          loaded = next;
          report(next, log);
          source.onWatchedChange?.();
        },
        { onError: (err) => log.error(`layout reload failed: ${String(err)}`) },
      )
    : () => undefined;
  const resolve = (context: string | LayoutContext): ResolvedLayouts | null => {
    try {
      return resolveLayouts(loaded, context);
    } catch (err) {
      const homePage = typeof context === 'string' ? context : context.homePage;
      log.error(`no layouts for "${homePage}": ${String(err)}`);
      return null;
    }
  };
  return {
    current: () => loaded,
    resolve,
    homeVariant: (value, context) =>
      resolve(context ? { ...context, hosts: [], homePage: value } : value)?.home ?? null,
    reload,
    experiments: (context) => {
      const out: RunningExperiment[] = [];
      for (const { kind, slot } of REQUIRED_SLOTS) {
        const found = contenders(loaded.documents, kind, slot, context);
        const id = runningExperiment(found);
        if (id === null || out.some((e) => e.id === id)) continue;
        const doc = resolveDocument(found, kind, slot, context);
        if (doc?.doc.experiment) out.push({ id, variant: doc.doc.experiment.variant });
      }
      return out;
    },
    nextEdge: (context) => nextScheduleEdge(loaded.documents, context.at, context.timeZone),
    stop,
  };
}
