import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { recordClickOut } from '../api/coupon-url';
import { clickOutHref } from '../../../../shared/revenue/click-rules';
import { leaveTo } from './leave';

type Mode = 'running' | 'paused' | 'cancelled';

interface Props {
  /**
   * The coupon's API link (resolveTarget): it exists, so the page may leave. The shopper leaves through /out, which
   * sends them to that stored link tagged with the click's sub-ID (issue 31); nothing else ever reaches here.
   */
  link: string;
  /** The coupon the link is for: leaving records a click-out for it. */
  couponId: string;
  storeName: string;
  seconds: number;
  noReferrer: boolean;
  /** Pause now (once): the shopper started something on the page, e.g. the vote prompt. */
  hold?: boolean;
}

const RING = 2 * Math.PI * 26;

/** The countdown's seconds left, its mode, what it last said, and its controls; at zero it leaves. */
function useCountdown({ couponId, seconds, noReferrer, hold = false, store }: Props & { store: string }) {
  const [left, setLeft] = useState(seconds);
  const [mode, setMode] = useState<Mode>('running');
  const [said, setSaid] = useState(`Taking you to ${store} in ${seconds} seconds.`);
  const gone = useRef(false);
  const goButton = useRef<HTMLAnchorElement>(null);

  const go = () => {
    if (gone.current) return;
    gone.current = true;
    recordClickOut(couponId);
    leaveTo(clickOutHref(couponId, 'redirect'), noReferrer);
  };

  useEffect(() => {
    if (mode !== 'running') return;
    if (left <= 0) {
      go();
      return;
    }
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- go() reads the latest coupon through the render; the tick only needs mode and left
  }, [mode, left]);

  // Adjusting state while rendering (React's pattern for "when a prop changes"): the hold pauses once, Resume wins.
  const [held, setHeld] = useState(false);
  if (hold && !held) {
    setHeld(true);
    if (mode === 'running') {
      setMode('paused');
      setSaid('Countdown paused.');
    }
  }

  const togglePause = () => {
    const next = mode === 'running' ? 'paused' : 'running';
    setMode(next);
    setSaid(next === 'paused' ? 'Countdown paused.' : `Taking you to ${store} in ${left} seconds.`);
  };
  const cancel = () => {
    setMode('cancelled');
    setSaid('Automatic redirect cancelled. Use the button when you are ready.');
    goButton.current?.focus(); // the pressed button disappears; keep the keyboard user in place
  };
  const onGo = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go();
  };
  return { left, mode, said, goButton, togglePause, cancel, onGo };
}

/**
 * Goes to the merchant after a short visible countdown (pausable, cancellable, announced politely) or at once by
 * the button. The live region speaks only when the state changes, not every second.
 */
export function CountdownGo(props: Props) {
  const { couponId, seconds, noReferrer } = props;
  const store = props.storeName || 'the store';
  const { left, mode, said, goButton, togglePause, cancel, onGo } = useCountdown({ ...props, store });

  return (
    <div className="redirect-go">
      {mode !== 'cancelled' && <Countdown left={left} seconds={seconds} paused={mode === 'paused'} store={store} />}
      <a
        ref={goButton}
        className="btn btn-primary redirect-go-now"
        href={clickOutHref(couponId, 'redirect')}
        rel={`sponsored nofollow noopener${noReferrer ? ' noreferrer' : ''}`}
        onClick={onGo}
      >
        Go to {store} now
      </a>
      {mode !== 'cancelled' && (
        <div className="redirect-go-controls">
          <button type="button" className="btn btn-secondary" onClick={togglePause}>
            {mode === 'paused' ? 'Resume' : 'Pause'}
          </button>
          <button type="button" className="btn btn-secondary" onClick={cancel}>
            Stay on this page
          </button>
        </div>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
    </div>
  );
}

/** The ring and the words of the countdown. */
function Countdown({
  left,
  seconds,
  paused,
  store,
}: {
  left: number;
  seconds: number;
  paused: boolean;
  store: string;
}) {
  return (
    <div className="redirect-countdown">
      <svg className="redirect-ring" viewBox="0 0 60 60" width="60" height="60" aria-hidden="true">
        <circle cx="30" cy="30" r="26" className="redirect-ring-track" />
        <circle
          cx="30"
          cy="30"
          r="26"
          className="redirect-ring-bar"
          strokeDasharray={RING}
          strokeDashoffset={seconds > 0 ? RING * (1 - left / seconds) : 0}
        />
        <text x="30" y="36" textAnchor="middle" className="redirect-ring-text">
          {Math.max(left, 0)}
        </text>
      </svg>
      <p className="redirect-countdown-text">
        {paused ? (
          <>Paused. Continue whenever you are ready.</>
        ) : (
          <>
            Taking you to <strong>{store}</strong> in {Math.max(left, 0)} {left === 1 ? 'second' : 'seconds'}…
          </>
        )}
      </p>
    </div>
  );
}
