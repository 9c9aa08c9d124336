// "Added N days ago" for the newly added stores: whole calendar days in the shopper's time zone.

const DAY_MS = 86_400_000;

/** Calendar days from `createdAt` to `now` (local dates; a future date counts as 0); null when the date is missing or invalid. */
export function daysSince(createdAt: string | null | undefined, now: Date): number | null {
  if (!createdAt) return null;
  const created = new Date(createdAt);
  if (Number.isNaN(created.getTime())) return null;
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.max(0, Math.round((day(now) - day(created)) / DAY_MS));
}

/** 'Added today', 'Added yesterday', 'Added N days ago'; null when the date is unknown. */
export function addedAgo(createdAt: string | null | undefined, now: Date): string | null {
  const days = daysSince(createdAt, now);
  if (days === null) return null;
  if (days === 0) return 'Added today';
  if (days === 1) return 'Added yesterday';
  return `Added ${days} days ago`;
}
