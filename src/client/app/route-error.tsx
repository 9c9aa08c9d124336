import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** Last line of defence around the page: a page that throws still shows the shopper a way on, never a blank page. */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[dealdeck] page error', error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey: string }): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    // A failed lazy chunk (new deploy, flaky network) is fixed by a reload; say so plainly.
    return (
      <div className="page page-error" role="alert">
        <h1>Something went wrong</h1>
        <p>This page could not be shown. Please try again.</p>
        <p>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload
          </button>{' '}
          <a href="/">Go to the home page</a>
        </p>
      </div>
    );
  }
}
