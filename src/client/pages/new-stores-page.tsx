import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { type StoreTile } from '../api/stores';
import { latestStoresAtom } from '../api/store-pages';
import { bootstrapAtom } from '../lib/bootstrap-atom';
import { usePageTitle } from '../app/effects';
import { addedAgo } from '../features/listing/added-ago';
import { StoreGrid, StoreGridSkeleton, tileOf } from '../features/listing/listing-store-card';
import { plural } from '../features/listing/range-text';
import { ResultsStatus } from '../features/listing/results-status';
import { LoadError } from '../components/stores/load-error';
import { pageSettings } from '../config/page-settings';
import '../features/listing/listing.css';

/** /newlyaddedstores: the newest active stores first, each with how long ago it was added. */
export function NewStoresPage() {
  usePageTitle('Newly added stores');
  const host = useAtomValue(bootstrapAtom).host;
  const result = useAtomValue(latestStoresAtom(host, pageSettings.newStoresCount));
  const stores = result.data;
  // "Added N days ago" per store id, counted from when the list arrived.
  const added = useMemo(() => {
    const now = new Date();
    return new Map((stores ?? []).map((s) => [s._id, addedAgo(s.created_at, now)]));
  }, [stores]);
  const extraOf = (tile: StoreTile) => added.get(tile.id) ?? null;

  let body;
  if (result.isPending) {
    body = (
      <div aria-busy="true" aria-label="Stores loading">
        <StoreGridSkeleton count={pageSettings.newStoresCount} withExtra />
      </div>
    );
  } else if (result.isError) {
    body = <LoadError message="Couldn't load stores." onRetry={() => void result.refetch()} />;
  } else if (result.data.length === 0) {
    body = <p className="listing-empty">No new stores yet. Check back soon, or browse every store.</p>;
  } else {
    body = <StoreGrid stores={result.data.map(tileOf)} extraOf={extraOf} />;
  }

  const count = result.isSuccess ? result.data.length : null;
  return (
    <div className="page listing-page">
      <header className="listing-head">
        <h1 className="listing-title">Newly added stores</h1>
        <p className="listing-lead">The latest stores to join, newest first. Their first coupons are waiting.</p>
      </header>
      <ResultsStatus
        text={
          count === null
            ? null
            : count === 0
              ? 'No new stores'
              : `The ${plural(count, { one: 'newest store', many: 'newest stores' })}`
        }
      />
      {body}
      <p className="listing-more">
        <Link to="/store">Browse all stores A–Z</Link>
      </p>
    </div>
  );
}
