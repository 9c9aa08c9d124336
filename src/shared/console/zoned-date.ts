import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// Issue 26: the console enters and shows a coupon's start and end in the tenant's time zone (its domain data's
// time_zone, UTC when unset), never as `2026-12-31T00:00:00.000Z`. The API stores instants (ISO 8601 with Z).
dayjs.extend(utc);
dayjs.extend(timezone);

/** The tenant's zone: its time_zone when this runtime knows it, else UTC. */
export function zoneOf(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** An instant as a datetime-local input's value ('YYYY-MM-DDTHH:mm') on the zone's wall clock; '' for none. */
export function toZonedInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.tz(zoneOf(timeZone)).format('YYYY-MM-DDTHH:mm') : '';
}

/**
 * A datetime-local value read on the zone's wall clock, as an ISO instant; null for '' or a value that is no date. A
 * wall-clock time skipped by a daylight-saving change is read as the hour after it.
 */
export function fromZonedInput(local: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const d = dayjs.tz(local, zoneOf(timeZone));
  return d.isValid() ? d.toISOString() : null;
}

/** An instant for people: '31 Dec 2026, 00:00' on the zone's wall clock; '—' for none. */
export function formatZoned(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '—';
  const d = dayjs(iso);
  return d.isValid() ? d.tz(zoneOf(timeZone)).format('D MMM YYYY, HH:mm') : '—';
}
