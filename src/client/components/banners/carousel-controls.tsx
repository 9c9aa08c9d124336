interface Props {
  /** Scroll snaps (dot count). */
  count: number;
  selected: number;
  dots: boolean;
  canPrev: boolean;
  canNext: boolean;
  onPrev: () => void;
  onNext: () => void;
  onDot: (index: number) => void;
  /** null: no autoplay, so no pause button. */
  playing: boolean | null;
  onTogglePlay: () => void;
}

/** The carousel's control bar: previous, one dot per slide, next, and pause/play while it autoplays (WCAG 2.2.2). */
export function CarouselControls({
  count,
  selected,
  dots,
  canPrev,
  canNext,
  onPrev,
  onNext,
  onDot,
  playing,
  onTogglePlay,
}: Props) {
  if (count < 2) return <div className="banner-carousel-bar" aria-hidden="true" />;
  return (
    <div className="banner-carousel-bar">
      <button
        type="button"
        className="banner-carousel-arrow"
        aria-label="Previous slide"
        onClick={onPrev}
        disabled={!canPrev}
      >
        <span aria-hidden="true">‹</span>
      </button>
      {dots && (
        <div className="banner-carousel-dots">
          {Array.from({ length: count }, (_, i) => (
            <button
              key={i}
              type="button"
              className="banner-carousel-dot"
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === selected ? 'true' : undefined}
              onClick={() => onDot(i)}
            />
          ))}
        </div>
      )}
      {playing !== null && (
        <button
          type="button"
          className="banner-carousel-arrow banner-carousel-play"
          aria-label={playing ? 'Pause slides' : 'Play slides'}
          onClick={onTogglePlay}
        >
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
      )}
      <button
        type="button"
        className="banner-carousel-arrow"
        aria-label="Next slide"
        onClick={onNext}
        disabled={!canNext}
      >
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}
