// "Today" and "the last 7 days" as a tenant's operator reads them (issue 26, the console's first screen): calendar days
// in the tenant's IANA time zone (domain data time_zone), turned into UTC instants the database compares with. A day
// starts at the first instant whose local date is that day: local midnight, or later when a DST change skips midnight.
// Pure: the instant and the zone in, the windows out.

const DAY_MS = 86_400_000;
/** Further from UTC than any zone's offset (UTC+14, UTC−12) plus a DST hour: a local day starts within this of its UTC midnight. */
const SEARCH_MS = 18 * 3_600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True for a zone this runtime knows ('UTC', 'Europe/Berlin'…). */
export function knownTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The local calendar day of an instant in a zone, as days since 1970-01-01 (a day number: plain integer arithmetic). */
export function localDayNumber(at: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(at))) parts[p.type] = Number(p.value);
  return Math.round(Date.UTC(parts.year!, parts.month! - 1, parts.day!) / DAY_MS);
}

/** A day number as YYYY-MM-DD. */
export function dayText(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The first instant (ms) whose local date in the zone is `day` or later: a binary search between two instants that
 * surely lie before and after it (the local date only moves forward with time, but for a DST change back across
 * midnight, where either crossing is a start).
 */
export function startOfLocalDay(day: number, timeZone: string): number {
  let lo = day * DAY_MS - SEARCH_MS; // local date < day
  let hi = day * DAY_MS + SEARCH_MS; // local date >= day
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDayNumber(mid, timeZone) >= day) hi = mid;
    else lo = mid;
  }
  return hi;
}

export interface DayWindow {
  /** Inclusive start (ms since the epoch). */
  from: number;
  /** Exclusive end: the start of the next local day. */
  until: number;
}

export interface DayWindows {
  /** The zone the windows were read in (an unknown zone counts as UTC). */
  timeZone: string;
  /** The local date of `now`, YYYY-MM-DD. */
  date: string;
  /** From today's start until tomorrow's. */
  today: DayWindow;
  /** Today and the six days before it: from the start of the day six days ago until tomorrow's start. */
  week: DayWindow;
}

/** How many calendar days "the last days" covers: today and the six before it. */
export const WEEK_DAYS = 7;

/** Today's and the last 7 days' windows at `now` in the zone. */
export function dayWindows(now: number, timeZone: string): DayWindows {
  const zone = knownTimeZone(timeZone) ? timeZone : 'UTC';
  const today = localDayNumber(now, zone);
  const until = startOfLocalDay(today + 1, zone);
  return {
    timeZone: zone,
    date: dayText(today),
    today: { from: startOfLocalDay(today, zone), until },
    week: { from: startOfLocalDay(today - (WEEK_DAYS - 1), zone), until },
  };
}
