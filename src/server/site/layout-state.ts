import { loadLayouts, resolveLayouts, watchLayouts, type LoadedLayouts, type ResolvedLayouts } from '../layouts/load';
import type { LoadedDocument } from '../../shared/layout/types';
import { HOME_VARIANTS } from './spa-routes';

// The layout documents in force: loaded at start, reloaded when layouts/ changes; problems logged with file + pointer.
/** Plain-message logger: pino (app.log) and the console logger of main.ts both fit. */
export interface Log {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface LayoutState {
  current(): LoadedLayouts;
  resolve(homePage: string): ResolvedLayouts | null;
  homeVariants(): Record<string, LoadedDocument>;
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
  const resolve = (homePage: string): ResolvedLayouts | null => {
    try {
      return resolveLayouts(loaded, homePage);
    } catch (err) {
      log.error(`no layouts for "${homePage}": ${String(err)}`);
      return null;
    }
  };
  return {
    current: () => loaded,
    resolve,
    homeVariants: () => {
      const out: Record<string, LoadedDocument> = {};
      for (const value of Object.keys(HOME_VARIANTS)) {
        const home = resolve(value)?.home;
        if (home) out[value] = home;
      }
      return out;
    },
    reload,
    stop,
  };
}
