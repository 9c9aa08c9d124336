import path from 'node:path';
import type { ServerConfig } from '../config';
import type { Db } from '../db/connect';
import { dbLayoutsLoader, pollPublishedVersion } from './db-source';
import { startLayouts, type LayoutState, type Log } from './layout-state';
import type { ClusterBus } from '../cluster/bus';

/**
 * The layout documents an instance serves: LAYOUTS_DIR (watched), or with LAYOUTS_SOURCE=db the published ones
 * (polled every LAYOUTS_POLL_MS). With a bus, a change seen here is announced and another instance's change (or
 * layouts:publish) reloads them here.
 */
export async function startServedLayouts(
  config: ServerConfig,
  db: Db,
  bus: ClusterBus | undefined,
  log: Log,
): Promise<LayoutState> {
  // Relative to the project so file names in logs, diagnostics and the bootstrap read 'layouts/home/x.json'.
  const dir = path.relative(config.rootDir, config.layoutsDir) || '.';
  const fromDb = config.layoutsSource === 'db' ? dbLayoutsLoader(db, dir, (msg) => log.warn(msg)) : null;
  const layouts = await startLayouts(dir, log, fromDb === null, {
    ...(fromDb ? { load: fromDb.load } : {}),
    onWatchedChange: () => bus?.publish('layouts', 'files'),
  });
  bus?.subscribe('layouts', () => void layouts.reload());
  const stopPolling = fromDb
    ? pollPublishedVersion(db, config.layoutsPollMs, fromDb.version, () => void layouts.reload())
    : () => undefined;
  return {
    ...layouts,
    stop: () => {
      stopPolling();
      layouts.stop();
    },
  };
}
