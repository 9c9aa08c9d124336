import { useEffect, useState } from 'react';

/**
 * true while the page is scrolled strictly beyond `thresholdPx`; one passive listener, read once per frame.
 * Starts false, as the server drew it (a different first value would not hydrate), and reads the scroll position in
 * the next frame rather than during hydration: window.scrollY forces a layout when one is pending.
 */
export function useScrolledPast(thresholdPx: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const read = () => {
      frame = 0;
      setPast(window.scrollY > thresholdPx);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(read);
    };
    frame = window.requestAnimationFrame(read);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [thresholdPx]);
  return past;
}

/** The visitor asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
