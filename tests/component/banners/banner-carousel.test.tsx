import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { BannerEntry, BannerFeedState } from '../../../src/client/api/banners';
import { BannerCarousel, type BannerCarouselOptions } from '../../../src/client/components/banners/banner-carousel';
import { withProviders } from '../render-helpers';
import { apiBanner, installEmblaEnv, stubReducedMotion } from './embla-env';

const strip: BannerCarouselOptions = {
  dimension: '728 * 90',
  autoplayMs: null,
  transitionMs: 500,
  loop: true,
  dots: true,
  slidesPerView: 1,
};
const loaded = (banners: BannerEntry[]): BannerFeedState => ({ status: 'success', banners, refetch: vi.fn() });
const four = () => [1, 2, 3, 4].map((n) => apiBanner(n));

function mount(feed: BannerFeedState, options: Partial<BannerCarouselOptions> & { priority?: boolean } = {}) {
  return render(withProviders(<BannerCarousel feed={feed} {...strip} {...options} label="Offers" />));
}
const current = () =>
  screen.getAllByRole('button', { name: /^Go to slide/ }).findIndex((b) => b.getAttribute('aria-current') === 'true');

/** Fake clocks that still run (so waitFor works); advanced by hand past several autoplay periods at once. */
const runningFakeClock = () => vi.useFakeTimers({ shouldAdvanceTime: true });

describe('BannerCarousel', () => {
  let restore: () => void;
  let restoreMotion: () => void;
  beforeEach(() => {
    restore = installEmblaEnv();
    restoreMotion = stubReducedMotion(false);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    restore();
    restoreMotion();
  });

  it('renders one slide per banner and one dot per slide, the first current', () => {
    mount(loaded(four()));
    const region = screen.getByRole('region', { name: 'Offers' });
    expect(within(region).getAllByRole('group')).toHaveLength(4);
    expect(within(region).getAllByRole('img')).toHaveLength(4);
    const dots = screen.getAllByRole('button', { name: /^Go to slide \d$/ });
    expect(dots.map((d) => d.getAttribute('aria-label'))).toEqual([
      'Go to slide 1',
      'Go to slide 2',
      'Go to slide 3',
      'Go to slide 4',
    ]);
    expect(current()).toBe(0);
  });

  it('moves to the slide of a clicked dot, and with prev / next / arrow keys', async () => {
    mount(loaded(four()));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next slide' })).toBeVisible());
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    await waitFor(() => expect(current()).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    await waitFor(() => expect(current()).toBe(3));
    fireEvent.keyDown(screen.getByRole('region', { name: 'Offers' }), { key: 'ArrowLeft' });
    await waitFor(() => expect(current()).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    await waitFor(() => expect(current()).toBe(1));
  });

  it('has no dots when the settings say so, but still prev / next', () => {
    mount(loaded(four()), { dots: false });
    expect(screen.queryAllByRole('button', { name: /^Go to slide/ })).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeVisible();
  });

  it('autoplays every autoplayMs, and pauses while hovered', async () => {
    runningFakeClock();
    mount(loaded(four()), { autoplayMs: 40 });
    expect(screen.getByRole('button', { name: 'Pause slides' })).toBeVisible();
    await waitFor(() => expect(current()).toBeGreaterThan(0), { timeout: 3000 });
    fireEvent.mouseEnter(screen.getByRole('region', { name: 'Offers' }));
    const held = current();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(current()).toBe(held);
  });

  it('does not autoplay when autoplayMs is null', async () => {
    runningFakeClock();
    mount(loaded(four()), { autoplayMs: null });
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(current()).toBe(0);
    expect(screen.queryByRole('button', { name: /Pause slides|Play slides/ })).toBeNull();
  });

  it('does not autoplay under prefers-reduced-motion', async () => {
    runningFakeClock();
    restoreMotion();
    restoreMotion = stubReducedMotion(true);
    mount(loaded(four()), { autoplayMs: 40 });
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(current()).toBe(0);
    expect(screen.queryByRole('button', { name: 'Pause slides' })).toBeNull();
  });

  it('stops autoplay when the visitor presses Pause', async () => {
    runningFakeClock();
    mount(loaded(four()), { autoplayMs: 40 });
    fireEvent.click(screen.getByRole('button', { name: 'Pause slides' }));
    const held = current();
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(current()).toBe(held);
    expect(screen.getByRole('button', { name: 'Play slides' })).toBeVisible();
  });

  it('shows a skeleton of the banner ratio while loading, nothing when there are no banners', () => {
    const { container, unmount } = mount({ status: 'pending', banners: [], refetch: vi.fn() });
    const skeleton = container.querySelector<HTMLElement>('.skeleton');
    expect(skeleton?.style.aspectRatio).toBe('728 / 90');
    unmount();
    const empty = mount(loaded([]));
    expect(empty.container.innerHTML).toBe('');
  });

  it('offers Try again when the feed failed', () => {
    const feed: BannerFeedState = { status: 'error', banners: [], refetch: vi.fn() };
    mount(feed);
    expect(screen.getByText("Couldn't load banners.")).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(feed.refetch).toHaveBeenCalledOnce();
  });

  it('loads only the first slide eagerly when it has priority', () => {
    mount(loaded(four()), { priority: true });
    const imgs = screen.getAllByRole('img');
    expect(imgs.map((i) => i.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy', 'lazy']);
    expect(imgs[0]?.getAttribute('fetchpriority')).toBe('high');
  });

  it('one banner: no dots, no arrows', () => {
    mount(loaded([apiBanner(1)]));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
