import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { Analytics } from './analytics';

/**
 * One page view per route change (pathname or query). Sent a tick later so the new page's title is set first;
 * a change within that tick (or React's dev double effect) replaces the pending view, so each route is reported once.
 */
export function usePageViews(analytics: Analytics): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => analytics.pageView(pathname + search, document.title), 0);
    return () => window.clearTimeout(timer);
  }, [analytics, pathname, search]);
}
