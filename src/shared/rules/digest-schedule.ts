// When the weekly digest goes out (issue 14): the email document names a weekday and an hour (UTC); the hourly
// schedule sends it in that hour, once per ISO week.

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** True in the one hour of the week the digest is due. */
export function digestDue(now: Date, day: Weekday, hour: number): boolean {
  return WEEKDAYS[now.getUTCDay()] === day && now.getUTCHours() === hour;
}

/** ISO 8601 week of `date` (UTC) as 'YYYY-Www': Monday to Sunday share it; the year is the week's Thursday's. */
export function isoWeek(date: Date): string {
  const day = (date.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const thursday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day + 3));
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  const firstMonday = Date.UTC(year, 0, 4 - ((firstThursday.getUTCDay() + 6) % 7));
  const week = 1 + Math.round((thursday.getTime() - 3 * 86_400_000 - firstMonday) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, '0')}`;
}
