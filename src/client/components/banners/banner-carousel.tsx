import { useEffect, useMemo, useState, type FocusEvent, type KeyboardEvent } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import type { BannerDimension } from '../../../shared/contract/values';
import type { BannerFeedState } from '../../api/banners';
import { BannerImage } from './banner-image';
import { bannerSize } from '../../../shared/rules/banner-size';
import { CarouselControls } from './carousel-controls';
import { emblaDuration } from './embla-duration';
import { useReducedMotion } from './use-reduced-motion';
import './banner-carousel.css';

export interface BannerCarouselOptions {
  dimension: BannerDimension;
  /** null (or 0): no autoplay. Never autoplays under prefers-reduced-motion. */
  autoplayMs: number | null;
  /** Time a slide change takes, in ms (mapped onto embla's unitless `duration`, see embla-duration.ts). */
  transitionMs: number;
  loop: boolean;
  dots: boolean;
  slidesPerView?: number;
}

export interface BannerCarouselProps extends BannerCarouselOptions {
  feed: BannerFeedState;
  /** The first slide of the page's first carousel: eager, fetchpriority high. */
  priority?: boolean;
  /** Accessible name of the carousel region. */
  label?: string;
  /** Let the slides grow past the banner's own width (e.g. to match a neighbour's height); default: never wider than the banner. */
  upscale?: boolean;
  className?: string;
}

// Embla needs Resize/IntersectionObserver; without them (old browsers, jsdom) the first slide simply stays put.
const canObserve = () => typeof ResizeObserver !== 'undefined' && typeof IntersectionObserver !== 'undefined';

/** How many scroll snaps (dots) embla makes for n equal slides, slidesToScroll 1, align start. */
export function snapCount(slides: number, perView: number, loop: boolean): number {
  if (slides <= perView) return 1;
  return loop ? slides : slides - perView + 1;
}

/** A banner slider: skeleton of the final size while loading, a retry on failure, nothing when there is no banner. */
export function BannerCarousel({ feed, className, upscale = false, ...props }: BannerCarouselProps) {
  const { width, height } = bannerSize(props.dimension);
  const perView = Math.max(1, Math.floor(props.slidesPerView ?? 1));
  const classes = `banner-carousel ${className ?? ''}`.trim();
  const maxWidth = upscale ? undefined : width * perView;
  if (feed.status === 'pending') {
    return (
      <div
        className={classes}
        style={{ maxWidth }}
        aria-busy="true"
        aria-label={props.label ?? 'Advertisements'}
        role="region"
      >
        <div className="skeleton banner-carousel-skeleton" style={{ aspectRatio: `${width * perView} / ${height}` }} />
        <div className="banner-carousel-bar" aria-hidden="true" />
      </div>
    );
  }
  if (feed.status === 'error') {
    return (
      <div className={`${classes} banner-carousel-error`} style={{ maxWidth }}>
        <p>Couldn&apos;t load banners.</p>
        <button type="button" className="btn btn-secondary" onClick={feed.refetch}>
          Try again
        </button>
      </div>
    );
  }
  if (feed.banners.length === 0) return null;
  return <Slides {...props} className={classes} feed={feed} perView={perView} maxWidth={maxWidth} />;
}

interface EmblaSetup {
  autoplayOn: boolean;
  autoplayMs: number | null;
  loop: boolean;
  reduced: boolean;
  transitionMs: number;
  count: number;
}

/** The embla carousel (with autoplay while it is on) and the snap it shows, with whether it can go back or on. */
function useBannerEmbla({ autoplayOn, autoplayMs, loop, reduced, transitionMs, count }: EmblaSetup) {
  // Pause on hover anywhere on the carousel (controls included) and resume on leave; slide focus pauses too.
  const plugins = useMemo(
    () =>
      autoplayOn && autoplayMs !== null
        ? [
            Autoplay({
              delay: autoplayMs,
              stopOnInteraction: false,
              stopOnMouseEnter: true,
              stopOnFocusIn: true,
              rootNode: (root) => root.closest<HTMLElement>('.banner-carousel'),
            }),
          ]
        : [],
    [autoplayOn, autoplayMs],
  );
  const options = useMemo(
    () => ({
      loop,
      align: 'start' as const,
      duration: reduced ? 0 : emblaDuration(transitionMs),
      active: canObserve(),
    }),
    [loop, reduced, transitionMs],
  );
  const [viewportRef, api] = useEmblaCarousel(options, plugins);
  const [selected, setSelected] = useState(0);
  const [edges, setEdges] = useState({ prev: loop, next: count > 1 });

  useEffect(() => {
    if (!api) return;
    const sync = () => {
      setSelected(api.selectedScrollSnap());
      setEdges({ prev: api.canScrollPrev(), next: api.canScrollNext() });
    };
    sync();
    api.on('select', sync).on('reInit', sync);
    return () => {
      api.off('select', sync).off('reInit', sync);
    };
  }, [api]);
  return { viewportRef, api, selected, edges };
}

type EmblaApi = ReturnType<typeof useBannerEmbla>['api'];

/** The carousel's keys (arrows move a slide) and focus (held still while focus is inside). */
function carouselHandlers(api: EmblaApi) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowLeft') api?.scrollPrev();
    else if (event.key === 'ArrowRight') api?.scrollNext();
    else return;
    event.preventDefault();
  }
  // Keyboard focus anywhere in the carousel (dots, arrows) holds the slides still until it leaves.
  const onFocus = () => api?.plugins().autoplay?.stop();
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) api?.plugins().autoplay?.play();
  };
  return { onKeyDown, onFocus, onBlur };
}

function Slides({
  feed,
  dimension,
  autoplayMs,
  transitionMs,
  loop,
  dots,
  perView,
  maxWidth,
  priority = false,
  label = 'Advertisements',
  className,
}: BannerCarouselProps & { perView: number; maxWidth: number | undefined }) {
  const { banners } = feed;
  const reduced = useReducedMotion();
  const [userPaused, setUserPaused] = useState(false);
  const count = snapCount(banners.length, perView, loop);
  const canAutoplay = autoplayMs !== null && autoplayMs > 0 && !reduced && count > 1;
  const autoplayOn = canAutoplay && !userPaused;
  const { viewportRef, api, selected, edges } = useBannerEmbla({
    autoplayOn,
    autoplayMs,
    loop,
    reduced,
    transitionMs,
    count,
  });

  return (
    <div
      className={className}
      style={{ maxWidth }}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      {...carouselHandlers(api)}
    >
      <div className="banner-carousel-viewport" ref={viewportRef}>
        <div className="banner-carousel-container" aria-live={autoplayOn ? 'off' : 'polite'}>
          {banners.map((banner, i) => (
            <div
              key={`${i}-${'_id' in banner ? banner._id : banner.image}`}
              className="banner-carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${banners.length}`}
              style={{ flexBasis: `${100 / perView}%` }}
            >
              <BannerImage banner={banner} dimension={dimension} priority={priority && i === 0} />
            </div>
          ))}
        </div>
      </div>
      <CarouselControls
        count={count}
        selected={selected}
        dots={dots}
        canPrev={edges.prev}
        canNext={edges.next}
        onPrev={() => api?.scrollPrev()}
        onNext={() => api?.scrollNext()}
        onDot={(i) => api?.scrollTo(i)}
        playing={canAutoplay ? !userPaused : null}
        onTogglePlay={() => setUserPaused((p) => !p)}
      />
    </div>
  );
}
