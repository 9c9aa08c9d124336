import { Link } from 'react-router-dom';

/**
 * A redirect that cannot go on: the SPEC §8 message, and ways to carry on. Never a link to the URL that failed
 * the check (the point of the check is that it is not followed).
 */
export function RedirectProblem({
  message,
  storePath,
  storeName,
}: {
  message: string;
  storePath?: string | null;
  storeName?: string;
}) {
  return (
    <div className="redirect-problem" role="alert">
      <h2 className="redirect-problem-title">We could not open this offer</h2>
      <p className="redirect-problem-message">{message}</p>
      <p className="redirect-problem-links">
        {storePath && (
          <Link className="btn btn-primary" to={storePath}>
            More {storeName || 'store'} coupons
          </Link>
        )}
        <Link className={`btn ${storePath ? 'btn-secondary' : 'btn-primary'}`} to="/coupons">
          Browse all deals
        </Link>
        <Link className="btn btn-secondary" to="/">
          Home
        </Link>
      </p>
    </div>
  );
}
