import { useEffect, useRef } from 'react';

/**
 * Back to the top when `value` changes (the shell: the path; store and category pages: ?page=N), not when the page
 * first mounts: a shopper may have scrolled a server-drawn page before it hydrated.
 */
export function useScrollTopOnChange(value: unknown): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [value]);
}
