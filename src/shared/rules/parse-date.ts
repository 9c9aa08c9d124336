import dayjs from 'dayjs';

/**
 * Expiry dates arrive as ISO strings (date-only strings are local midnight, as dayjs reads them) or Dates.
 * Blank, missing or unparsable values give null: an unknown expiry is treated like no expiry.
 */
export function parseDate(value: string | Date | null | undefined): Date | null {
  if (value == null) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const d = dayjs(typeof value === 'string' ? value.trim() : value);
  return d.isValid() ? d.toDate() : null;
}
