import { lazy, type ComponentType } from 'react';

/** A section component whose module loads on demand; `preload()` starts (or joins) the load, and once it has
 * resolved the component renders synchronously (no Suspense fallback flash on a page whose chunks were preloaded). */
export type LazySectionComponent<P> = ComponentType<P> & { preload(): Promise<void> };

export function lazySection<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazySectionComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = (): Promise<void> =>
    (pending ??= load().then(
      (module) => {
        loaded = pick(module);
      },
      (error: unknown) => {
        pending = null; // a failed chunk (offline, a new deploy) may be tried again
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  function LazySection(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(LazySection, { preload });
}

/** Starts loading the given components' modules; resolves when all settled (failures are left to the sections' boundaries). */
export function preloadSections(components: Iterable<unknown>): Promise<void> {
  const loads = [...components].flatMap((c) => (typeof (c as { preload?: unknown } | null)?.preload === 'function' ? [(c as LazySectionComponent<object>).preload()] : []));
  return Promise.allSettled(loads).then(() => undefined);
}
