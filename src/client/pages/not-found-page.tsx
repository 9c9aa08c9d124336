import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <div className="page page-not-found">
      <h1>Page not found</h1>
      <p>We could not find that page. The deal may have ended or the address may be mistyped.</p>
      <p>
        <Link className="btn btn-primary" to="/">
          Browse today&apos;s deals
        </Link>
      </p>
    </div>
  );
}
