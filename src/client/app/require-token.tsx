import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ensureVisitorToken, session } from '../api/session';

/** SPEC §2: routes redirect to /login without a token; the app writes one at start, so shoppers always pass. */
export function RequireToken() {
  const location = useLocation();
  // The server draws pages as a shopper sees them: the browser writes the token before it hydrates them.
  if (typeof window !== 'undefined' && !session.token())
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** /login has no screen: a visitor token is written again and the shopper goes back to where they were. */
export function LoginRedirect() {
  const location = useLocation();
  ensureVisitorToken();
  const from = (location.state as { from?: string } | null)?.from;
  return <Navigate to={from && from.startsWith('/') && !from.startsWith('//') ? from : '/'} replace />;
}
