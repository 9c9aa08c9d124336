import type { MouseEvent } from 'react';
import type { ScrollToTopSettings } from '../../shared/layout/types';
import { defineSection, type SectionProps } from '../../client/engine/types';
import { ChromeIcon } from '../../client/components/chrome/chrome-icon';
import { prefersReducedMotion, useScrolledPast } from '../../client/components/chrome/use-scrolled-past';
import './scroll-to-top.css';

/** SPEC §4 scroll-to-top: shown only when the page is scrolled beyond settings.thresholdPx. */
function ScrollToTop({ settings }: SectionProps<ScrollToTopSettings, never>) {
  const visible = useScrolledPast(settings.thresholdPx);
  if (!visible) return null;

  function toTop(event: MouseEvent<HTMLButtonElement>): void {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    // From the keyboard (detail 0), move focus to the page start so it is not lost when the button hides.
    if (event.detail === 0) document.querySelector<HTMLElement>('.skip-link')?.focus({ preventScroll: true });
  }

  return (
    <button type="button" className="scroll-to-top" aria-label={settings.label} title={settings.label} onClick={toTop}>
      <ChromeIcon name="arrowUp" size={24} />
    </button>
  );
}

export default defineSection('scroll-to-top', { component: ScrollToTop });
