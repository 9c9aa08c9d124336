import type { CSSProperties } from 'react';
import type { QueryObserverResult } from '@tanstack/query-core';
import type { StoreListSettings } from '../../../shared/layout/types';
import type { StoreTile } from '../../api/stores';
import { StoreCard } from './store-card';
import { LinkTile } from './link-tile';
import { LoadError } from './load-error';
import { balancedColumns } from './store-label';
import './stores.css';

export type StoreListPresentation = 'strip' | 'grid';

// Widest row per presentation and container size (phone / tablet or sidebar column / full page width).
const MAX_PER_ROW: Record<StoreListPresentation, [number, number, number]> = { strip: [4, 6, 13], grid: [3, 4, 6] };

/** CSS variables with the column count of each container size, rows filled evenly. */
export function columnVars(tiles: number, presentation: StoreListPresentation): CSSProperties {
  const [sm, md, lg] = MAX_PER_ROW[presentation];
  return {
    '--cols-sm': balancedColumns(tiles, sm),
    '--cols-md': balancedColumns(tiles, md),
    '--cols-lg': balancedColumns(tiles, lg),
  } as CSSProperties;
}

interface Props {
  result: QueryObserverResult<StoreTile[]>;
  settings: StoreListSettings;
  presentation: StoreListPresentation;
}

/** A run of stores from one list: `count` of them from `offset`, a link tile after them; skeleton, error and empty states. */
export function StoreList({ result, settings, presentation }: Props) {
  const { title, offset, count, label, cardText, linkTile } = settings;
  const tiles = count + (linkTile ? 1 : 0);
  const className = `store-list store-list-${presentation}${label || cardText ? ' store-list-labelled' : ''}`;
  let body;
  if (result.isPending) {
    body = (
      <ul
        className={className}
        style={columnVars(tiles, presentation)}
        aria-busy="true"
        aria-label={title ? `${title}, loading` : 'Stores loading'}
      >
        <SkeletonItems count={count} labelled={Boolean(label || cardText)} />
        {linkTile && (
          <li className="store-list-item">
            <LinkTile tile={linkTile} />
          </li>
        )}
      </ul>
    );
  } else if (result.isError) {
    body = <LoadError message="Couldn't load stores." onRetry={() => void result.refetch()} busy={result.isFetching} />;
  } else {
    const stores = result.data.slice(offset, offset + count);
    // Said once a page (issue 26): a list that continues another (offset > 0) has nothing to add when empty, and of
    // several empty store sections only the first says so (stores.css hides the later ones).
    body = (
      <>
        {stores.length === 0 && offset === 0 && <p className="store-list-empty muted">No stores to show yet.</p>}
        <ul className={className} style={columnVars(stores.length + (linkTile ? 1 : 0), presentation)}>
          {stores.map((tile) => (
            <li key={tile.id} className="store-list-item">
              <StoreCard tile={tile} label={label} cardText={cardText} />
            </li>
          ))}
          {linkTile && (
            <li className="store-list-item">
              <LinkTile tile={linkTile} />
            </li>
          )}
        </ul>
      </>
    );
  }
  return (
    <div className="store-list-wrap">
      {title && <h2 className="section-title">{title}</h2>}
      {body}
    </div>
  );
}

/** `count` placeholder tiles of the final size while the stores load. */
export function SkeletonItems({ count, labelled }: { count: number; labelled: boolean }) {
  return Array.from({ length: count }, (_, i) => (
    <li key={i} className="store-list-item" aria-hidden="true">
      <span className="store-card store-card-skeleton">
        <span className="store-card-logo skeleton" />
        {labelled && <span className="store-card-label skeleton skeleton-line" />}
      </span>
    </li>
  ));
}
