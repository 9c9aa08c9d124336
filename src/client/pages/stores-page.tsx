import { useCallback, useEffect, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { activeStoreNamesAtom, activeStoresAtom, storesByNameAtom } from '../api/store-pages';
import { bootstrapAtom } from '../lib/bootstrap-atom';
import { usePageTitle } from '../app/effects';
import { Pagination, usePageParam } from '../components/pagination';
import { LetterBar } from '../features/listing/letter-bar';
import { groupByLetter, letterId, letterPages } from '../features/listing/letters';
import { StoreGrid, StoreGridSkeleton, tileOf } from '../features/listing/listing-store-card';
import { plural, rangeText } from '../features/listing/range-text';
import { ResultsStatus } from '../features/listing/results-status';
import { StoreFilter } from '../features/listing/store-filter';
import { useFocusOnChange } from '../features/listing/use-focus-on-change';
import { useSettled } from '../components/use-settled';
import { LoadError } from '../components/stores/load-error';
import { searchHref } from '../components/chrome/search-term';
import { pageSettings } from '../config/page-settings';
import type { StorePage } from '../../shared/contract/envelopes';
import '../features/listing/listing.css';

const STORE = { one: 'store', many: 'stores' };
type StoresData = StorePage;

/** ?name= as the filter: a new name starts again at page 1 (replacing the history entry). */
function useNameFilter() {
  const [params, setParams] = useSearchParams();
  const name = (params.get('name') ?? '').trim().slice(0, pageSettings.searchTermMaxLength);
  const applyFilter = useCallback(
    (term: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (term) next.set('name', term);
          else next.delete('name');
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { name, applyFilter };
}

/** A letter link (#stores-letter-x) scrolls to its group once that page's stores are on screen. */
function useScrollToLetter(loaded: boolean, hash: string, key: string) {
  useEffect(() => {
    if (!loaded || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView?.({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [loaded, hash, key]);
}

/** The status line: how many stores match the name, or which of them this page shows. */
function statusOf(name: string, page: number, perPage: number, data: StoresData): string | null {
  if (!name) return rangeText(page, perPage, data.total_records, STORE);
  return data.total_records === 0
    ? `No store matches “${name}”`
    : `${plural(data.total_records, STORE)} ${data.total_records === 1 ? 'matches' : 'match'} “${name}”${data.total_pages > 1 ? `, page ${page} of ${data.total_pages}` : ''}`;
}

/** /store: every active store of the tenant A–Z, paged (?page=N), with a letter jump bar and a name filter (?name=). */
export function StoresPage() {
  usePageTitle('All stores');
  const host = useAtomValue(bootstrapAtom).host;
  const page = usePageParam();
  const { hash, key } = useLocation();
  const { name, applyFilter } = useNameFilter();
  const perPage = pageSettings.storesPerPage;
  const result = useAtomValue(
    name ? storesByNameAtom(host, name, page, perPage) : activeStoresAtom(host, page, perPage),
  );
  const index = useAtomValue(
    activeStoreNamesAtom(host, pageSettings.storeIndex.pageSize, pageSettings.storeIndex.maxPages),
  );
  const { data, stale } = useSettled(result);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(`${page}${hash}`, name);

  const groups = useMemo(() => groupByLetter(data?.data ?? [], (s) => s.name), [data]);
  const onPage = useMemo(() => new Set(groups.map((g) => g.letter)), [groups]);
  // Across pages only for the whole list, and only when every name is known (a filtered list jumps within its page).
  const pages = !name && index.isSuccess && index.data.complete ? letterPages(index.data.names, perPage) : null;
  useScrollToLetter(Boolean(data) && !stale, hash, key);
  const status = data && !stale ? statusOf(name, page, perPage, data) : null;

  let body;
  if (result.isError) {
    body = <LoadError message="Couldn't load stores." onRetry={() => void result.refetch()} />;
  } else if (!data) {
    body = (
      <div aria-busy="true" aria-label="Stores loading">
        <span className="listing-group-title listing-skeleton-letter skeleton" />
        <StoreGridSkeleton count={perPage} compact />
      </div>
    );
  } else if (data.data.length === 0) {
    body = <NoStores name={name} page={page} data={data} onShowAll={() => applyFilter('')} />;
  } else {
    body = (
      <div className={stale ? 'listing-stale' : undefined} aria-busy={stale}>
        {groups.map((g) => (
          <section key={g.letter} className="listing-group" aria-labelledby={letterId(g.letter)}>
            <h2 id={letterId(g.letter)} className="listing-group-title" tabIndex={-1}>
              {g.letter}
            </h2>
            <StoreGrid stores={g.items.map(tileOf)} compact />
          </section>
        ))}
      </div>
    );
  }

  return (
    <div className="page listing-page">
      <header className="listing-head">
        <h1 ref={headingRef} tabIndex={-1} className="listing-title">
          All stores
        </h1>
        <p className="listing-lead">Every store we have coupons for, A–Z. Pick a letter or type a name.</p>
      </header>
      <div className="listing-tools">
        <StoreFilter value={name} onApply={applyFilter} />
      </div>
      <LetterBar onPage={onPage} pages={pages} />
      <ResultsStatus text={status} />
      {body}
      {data && !stale && <Pagination page={page} totalPages={data.total_pages} label="Store pages" />}
    </div>
  );
}

/** An empty page: no name matches, a page past the last, or a tenant with no store yet. */
function NoStores(props: { name: string; page: number; data: StoresData; onShowAll: () => void }) {
  const { name, page, data } = props;
  if (name)
    return (
      <div className="listing-empty">
        <p>No store name contains “{name}”.</p>
        <p className="listing-empty-actions">
          <button type="button" className="btn btn-secondary" onClick={props.onShowAll}>
            Show all stores
          </button>
          <Link className="btn btn-primary" to={searchHref('/searchpage', name)}>
            Search deals for “{name}”
          </Link>
        </p>
      </div>
    );
  if (page > 1 && data.total_records > 0)
    return (
      <div className="listing-empty">
        <p>
          There is no page {page}; the stores end on page {data.total_pages}.
        </p>
        <Link className="btn btn-secondary" to="/store">
          Back to the first page
        </Link>
      </div>
    );
  return <p className="listing-empty">No stores yet. New stores are added every week.</p>;
}
