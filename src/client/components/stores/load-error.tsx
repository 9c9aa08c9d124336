import './load-error.css';

/**
 * SPEC §4 failure state: the list is gone, a short message and a way to ask again. While that new attempt runs
 * (`busy`, the query's isFetching) the button says so instead of looking like it did nothing (a shopper whose
 * connection or our API is down would otherwise press it again and again).
 */
export function LoadError({
  message,
  onRetry,
  busy = false,
}: {
  message: string;
  onRetry: () => void;
  busy?: boolean;
}) {
  return (
    <div className="stores-error" role="alert" aria-busy={busy || undefined}>
      <p className="stores-error-text">{message}</p>
      <button
        type="button"
        className="btn btn-secondary"
        aria-disabled={busy || undefined}
        onClick={busy ? undefined : onRetry}
      >
        {busy ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}
