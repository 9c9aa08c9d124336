import dayjs from 'dayjs';
import { cut } from './cut';

/** SPEC §2 deal card expiry, 'DD MMMM YYYY' (e.g. '05 November 2026'); blank or invalid → ''. */
export function formatExpiry(date: string): string {
  if (typeof date !== 'string' || date.trim() === '') return '';
  const d = dayjs(date.trim());
  return d.isValid() ? d.format('DD MMMM YYYY') : '';
}

/** SPEC §2/§3 landing and Five layouts: the expiry shown as the first 10 characters of expiry_date. */
export function expiryFirst10(date: string | null | undefined): string {
  return cut(date, 10, '');
}
