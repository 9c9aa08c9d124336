import { useAtomValue } from 'jotai';
import { countdown } from '../../../shared/rules/countdown';
import { minuteClockAtom } from './minute-clock';

/** SPEC §2/§4 live countdown (days, hours, minutes) or 'Expired'; nothing for a coupon without expiry. */
export function CountdownText({ expiry }: { expiry: string | null | undefined }) {
  const now = useAtomValue(minuteClockAtom);
  const left = countdown(expiry, new Date(now));
  if (!left) return null;
  if (left.expired) return <span className="deal-countdown deal-countdown-expired">{left.label}</span>;
  return (
    <span className="deal-countdown">
      <span className="visually-hidden">Ends in </span>
      {/* An SVG clock, not an emoji: phones and kiosks without an emoji font draw an empty box. */}
      <svg
        className="deal-countdown-icon"
        aria-hidden="true"
        width="12"
        height="12"
        viewBox="0 0 16 16"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <circle cx="8" cy="9" r="6" />
        <path d="M8 6v3l2 1.5M6 1.5h4" strokeLinecap="round" />
      </svg>{' '}
      {left.label}
    </span>
  );
}
