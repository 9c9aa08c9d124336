import { useEffect, useRef } from 'react';

/** Back to the top when the page number changes (the shell only scrolls when the path changes, not ?page=N). */
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
