import { cut } from './cut';
import { parseDate } from './parse-date';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** SPEC §2 deal card expiry, 'DD MMMM YYYY' (e.g. '05 November 2026') in local time; blank or invalid → ''. */
export function formatExpiry(date: string): string {
  if (typeof date !== 'string') return '';
  const d = parseDate(date);
  if (!d) return '';
  return `${String(d.getDate()).padStart(2, '0')} ${MONTHS[d.getMonth()]} ${String(d.getFullYear()).padStart(4, '0')}`;
}

/** SPEC §2/§3 landing and Five layouts: the expiry shown as the first 10 characters of expiry_date. */
export function expiryFirst10(date: string | null | undefined): string {
  return cut(date, 10, '');
}
