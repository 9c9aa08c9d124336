/** SPEC §4 failure: the list is cleared and a short message offers a retry; other sections are unaffected. */
export function DealsError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="deals-error" role="alert">
      <p>Couldn&apos;t load deals.</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** A loaded list with nothing in it. */
export function DealsEmpty() {
  return <p className="deals-empty muted">No deals right now. Check back soon.</p>;
}

/** A card-sized placeholder while the deals load (the grid keeps its final size). */
export function DealCardSkeleton() {
  return (
    <div className="deal-card deal-card-skeleton" aria-hidden="true">
      <div className="skeleton deal-skeleton-logo" />
      <div className="skeleton deal-skeleton-line" />
      <div className="skeleton deal-skeleton-line deal-skeleton-line-short" />
      <div className="skeleton deal-skeleton-button" />
    </div>
  );
}
