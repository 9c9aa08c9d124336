import { useEffect, useRef } from 'react';

/**
 * A ref for the page's heading that takes focus (and scrolls into view) whenever `key` changes after the first render:
 * paging keeps the shopper's place for keyboards and screen readers instead of leaving them at the old Next link.
 * A change of `quietKey` (e.g. a filter being typed, which also resets the page) never moves focus.
 */
export function useFocusOnChange<T extends HTMLElement>(key: string, quietKey = '') {
  const ref = useRef<T>(null);
  const previous = useRef({ key, quietKey });
  useEffect(() => {
    const before = previous.current;
    previous.current = { key, quietKey };
    if (before.key === key || before.quietKey !== quietKey) return;
    const el = ref.current;
    if (!el) return;
    el.focus({ preventScroll: true });
    el.scrollIntoView?.({ block: 'start' });
  }, [key, quietKey]);
  return ref;
}
