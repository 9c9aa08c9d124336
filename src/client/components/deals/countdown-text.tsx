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
      <span aria-hidden="true">⏱ </span>
      {left.label}
    </span>
  );
}
