import { useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useAtomValue } from 'jotai';
import type { StoreLabel, StoreTab, StoreTabsSettings } from '../../../shared/layout/types';
import { storeTilesAtom } from '../../api/stores';
import { StoreCard } from './store-card';
import { LoadError } from './load-error';
import { SkeletonItems } from './store-list';
import { balancedColumns } from './store-label';
import { countText } from '../../../shared/rules';
import { seededVisitCount } from './visit-counts';
import './stores.css';

// Tabs show each store's name under its logo.
const NAME_LABEL: StoreLabel = { field: 'name', case: 'as-is', cut: null };

/** SPEC §2 Home Five: tabbed stores (ARIA tabs, arrow keys), rows × perRow stores per tab; a tab fetches when first shown. */
export function StoreTabs({ settings, host }: { settings: StoreTabsSettings; host: string }) {
  const { tabs } = settings;
  const initial = Math.min(Math.max(settings.initialTab - 1, 0), tabs.length - 1);
  const [active, setActive] = useState(initial);
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set([initial]));
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();

  function select(index: number, focus: boolean) {
    setActive(index);
    setShown((prev) => (prev.has(index) ? prev : new Set(prev).add(index)));
    if (focus) tabRefs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const last = tabs.length - 1;
    const next = {
      ArrowRight: active === last ? 0 : active + 1,
      ArrowLeft: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next, true);
  }

  return (
    <div className="store-tabs">
      <div className="store-tabs-list" role="tablist" aria-label="Stores">
        {tabs.map((tab, i) => (
          <button
            key={`${i}-${tab.label}`}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${i}`}
            className="store-tabs-tab"
            aria-selected={i === active}
            aria-controls={`${baseId}-panel-${i}`}
            tabIndex={i === active ? 0 : -1}
            onClick={() => select(i, false)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={`${i}-${tab.label}`}
          className="store-tabs-panel"
          role="tabpanel"
          id={`${baseId}-panel-${i}`}
          aria-labelledby={`${baseId}-tab-${i}`}
          hidden={i !== active}
          tabIndex={0}
        >
          {shown.has(i) && <TabStores host={host} tab={tab} settings={settings} />}
        </div>
      ))}
    </div>
  );
}

function TabStores({ host, tab, settings }: { host: string; tab: StoreTab; settings: StoreTabsSettings }) {
  const { rows, perRow, visitCounts } = settings;
  const count = rows * perRow;
  const result = useAtomValue(storeTilesAtom(host, tab.source, count));
  if (result.isError)
    return <LoadError message="Couldn't load stores." onRetry={() => void result.refetch()} busy={result.isFetching} />;
  const n = result.isPending ? count : Math.min(result.data.length, count);
  const style = {
    '--cols-sm': balancedColumns(n, 3),
    '--cols-md': balancedColumns(n, 6),
    '--cols-lg': balancedColumns(n, perRow),
  } as CSSProperties;
  if (result.isPending) {
    return (
      <ul
        className="store-list store-list-tabs store-list-labelled"
        style={style}
        aria-busy="true"
        aria-label={`${tab.label}, loading`}
      >
        <SkeletonItems count={count} labelled />
      </ul>
    );
  }
  if (n === 0) return <p className="store-list-empty muted">No stores to show yet.</p>;
  return (
    <ul className="store-list store-list-tabs store-list-labelled" style={style}>
      {result.data.slice(0, count).map((tile) => (
        <li key={tile.id} className="store-list-item">
          <StoreCard
            tile={tile}
            label={NAME_LABEL}
            extra={tab.randomVisitCounts ? `${countText(seededVisitCount(tile.id, visitCounts))} visits` : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
