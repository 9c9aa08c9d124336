import './load-error.css';

/** SPEC §4 failure state: the list is gone, a short message and a way to ask again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="stores-error" role="alert">
      <p className="stores-error-text">{message}</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
