import { isExpired } from './expiry';
import { parseDate } from './parse-date';

export type Countdown =
  { expired: true; label: 'Expired' } | { expired: false; days: number; hours: number; minutes: number; label: string };

const MINUTE = 60_000;

/**
 * SPEC §2/§4 live countdown on deal cards: whole days, hours and minutes left (rounded down), label like
 * '3d 4h 5m'; 'Expired' once the expiry instant is reached. null when there is no (parsable) expiry.
 */
export function countdown(expiry: string | Date | null | undefined, now: Date): Countdown | null {
  const at = parseDate(expiry);
  if (at === null) return null;
  if (isExpired(at, now)) return { expired: true, label: 'Expired' };
  const left = at.getTime() - now.getTime();
  const totalMinutes = Math.floor(left / MINUTE);
  const days = Math.floor(totalMinutes / (24 * 60));
  const hours = Math.floor(totalMinutes / 60) % 24;
  const minutes = totalMinutes % 60;
  return { expired: false, days, hours, minutes, label: `${days}d ${hours}h ${minutes}m` };
}
