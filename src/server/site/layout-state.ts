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
  stop(): void;
}

function report(loaded: LoadedLayouts, log: Log): void {
  for (const p of loaded.problems) log.warn(`layout problem: ${p.file} ${p.pointer}: ${p.message}`);
  log.info(`layouts loaded: ${loaded.documents.length} documents, ${loaded.problems.length} problems`);
}

export async function startLayouts(dir: string, log: Log, watch = true): Promise<LayoutState> {
  let loaded = await loadLayouts(dir);
  report(loaded, log);
  const stop = watch
    ? watchLayouts(
        dir,
        (next) => {
          loaded = next;
          report(next, log);
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
    stop,
  };
}
