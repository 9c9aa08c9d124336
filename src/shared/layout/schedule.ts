import type { LayoutSchedule } from './types';

// Schedules of layout documents (pure): when a document serves, at which instants that changes, and whether two
// schedules overlap. A date-time with Z or an offset is an instant; one without is wall-clock time in the tenant's
// IANA time zone (domain data time_zone, default UTC).

export const DEFAULT_TIME_ZONE = 'UTC';

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-](\d{2}):(\d{2}))?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True for a time zone this runtime knows ('UTC', 'Europe/Berlin'…). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC (ms) at an instant. */
export function zoneOffsetMs(timeZone: string, at: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(at))) parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - (at - (((at % 1000) + 1000) % 1000));
}

/**
 * A schedule date-time as an instant (ms since the epoch), or null when it is not a real date-time. Wall-clock times
 * are read in `timeZone` (an unknown zone counts as UTC); a time skipped by a DST change moves forward with the clock.
 */
export function scheduleInstant(text: string, timeZone: string = DEFAULT_TIME_ZONE): number | null {
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, ms, zone, oh, om] = m;
  const fields = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)] as const;
  const millis = Number((ms ?? '0').padEnd(3, '0'));
  const wall = Date.UTC(...fields, millis);
  const back = new Date(wall);
  // Date.UTC rolls 2026-02-30 over to March: such a date is not a real one.
  if (back.getUTCMonth() !== fields[1] || back.getUTCDate() !== fields[2] || fields[3] > 23 || fields[4] > 59)
    return null;
  if (fields[5] > 59) return null;
  if (zone === 'Z') return wall;
  if (zone !== undefined) {
    const sign = zone.startsWith('-') ? -1 : 1;
    return wall - sign * (Number(oh) * 60 + Number(om)) * 60_000;
  }
  const tz = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  // The offset at the guess, then again at the corrected instant (they differ only next to a DST change).
  const first = wall - zoneOffsetMs(tz, wall);
  return wall - zoneOffsetMs(tz, first);
}

/** The schedule as [from, until) instants; null bounds are open. `valid` is false when a bound cannot be read. */
export function scheduleWindow(
  schedule: LayoutSchedule | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): { from: number | null; until: number | null; valid: boolean } {
  const from = schedule?.from === undefined ? null : scheduleInstant(schedule.from, timeZone);
  const until = schedule?.until === undefined ? null : scheduleInstant(schedule.until, timeZone);
  const valid = (schedule?.from === undefined || from !== null) && (schedule?.until === undefined || until !== null);
  return { from, until, valid };
}

/** Whether a document with this schedule serves at `at`: from <= at < until. An unreadable schedule never serves. */
export function inSchedule(schedule: LayoutSchedule | undefined, at: number, timeZone?: string): boolean {
  if (schedule === undefined) return true;
  const w = scheduleWindow(schedule, timeZone);
  if (!w.valid) return false;
  return (w.from === null || at >= w.from) && (w.until === null || at < w.until);
}

/** The instants at which this schedule starts or stops serving. */
export function scheduleEdges(schedule: LayoutSchedule | undefined, timeZone?: string): number[] {
  const w = scheduleWindow(schedule, timeZone);
  return [w.from, w.until].filter((t): t is number => t !== null);
}

/** The first schedule edge strictly after `at` among the documents, or null: what a cached page may live until. */
export function nextScheduleEdge(
  docs: readonly { doc: { schedule?: LayoutSchedule } }[],
  at: number,
  timeZone?: string,
): number | null {
  let next: number | null = null;
  for (const { doc } of docs) {
    for (const edge of scheduleEdges(doc.schedule, timeZone))
      if (edge > at && (next === null || edge < next)) next = edge;
  }
  return next;
}

/** Whether two schedules share an instant (both read in `timeZone`). */
export function schedulesOverlap(a: LayoutSchedule | undefined, b: LayoutSchedule | undefined, timeZone?: string) {
  const x = scheduleWindow(a, timeZone);
  const y = scheduleWindow(b, timeZone);
  if (!x.valid || !y.valid) return false;
  const start = Math.max(x.from ?? -Infinity, y.from ?? -Infinity);
  const end = Math.min(x.until ?? Infinity, y.until ?? Infinity);
  return start < end;
}
