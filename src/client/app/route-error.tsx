import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

/** Last line of defence: a route that throws still shows the shopper a way on, never a blank page. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';
  if (error) console.error('[dealdeck] route error', error);
  return (
    <main id="main" className="page page-error">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. {detail && <span className="muted">({detail})</span>}</p>
      <p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>{' '}
        <Link to="/">Go to the home page</Link>
      </p>
    </main>
  );
}
