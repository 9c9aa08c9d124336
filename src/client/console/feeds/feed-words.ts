import type { AdminTenant } from '../../../shared/contract/admin';
import { FEED_FORMAT_NAMES, type Feed, type FeedRun } from '../../../shared/contract/feeds';
import { ConsoleError } from '../api';

// Issue 30: how the Feeds tab words a feed, its schedule, its source and its runs (pure; shared by its parts).

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

export const messageOf = (err: unknown) => (err instanceof ConsoleError ? err.message : String(err));

export const formatName = (f: Feed) => FEED_FORMAT_NAMES[f.format];

export function sizeOf(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "feeds.awin.com" for a URL, "Uploaded file, 3.2 MB" for a file, "No source yet" before either. */
export function sourceOf(f: Pick<Feed, 'url' | 'file_bytes'>): string {
  if (f.url) {
    try {
      return new URL(f.url).host;
    } catch {
      return f.url;
    }
  }
  return f.file_bytes !== null ? `Uploaded file, ${sizeOf(f.file_bytes)}` : 'No source yet';
}

export const scheduleOf = (everyHours: number) => (everyHours === 0 ? 'manual' : `every ${everyHours} h`);

/** A tenant as operators know it: its first host. */
export const tenantLabel = (t: AdminTenant) => t.hosts[0] ?? t.key;

export function tenantNames(ids: readonly string[], tenants: readonly AdminTenant[]): string[] {
  return ids.map((id) => {
    const t = tenants.find((x) => x._id === id);
    return t ? tenantLabel(t) : id;
  });
}

export const isActive = (r: Pick<FeedRun, 'status'>) => r.status === 'queued' || r.status === 'running';

export const runKind = (r: Pick<FeedRun, 'dry_run'>) => (r.dry_run ? 'Dry run' : 'Sync');

const STATUS: Record<FeedRun['status'], string> = {
  queued: 'queued',
  running: 'running',
  done: 'done',
  failed: 'failed',
};
export const statusWord = (r: FeedRun) => STATUS[r.status];

/** When a run happened: its end, else its start, else when it was queued. */
export const runTime = (r: FeedRun) => r.finished_at ?? r.started_at ?? r.queued_at;

const FULL = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const RELATIVE = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });

export const fullTime = (iso: string) => FULL.format(new Date(iso));

/** "3 min ago", "in 2 hours", "yesterday". */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  if (abs < 3600) return RELATIVE.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return RELATIVE.format(Math.round(seconds / 3600), 'hour');
  return RELATIVE.format(Math.round(seconds / 86_400), 'day');
}

/** The counts of a run, each with its sign for the eye and its word for a screen reader. */
export const COUNTS = [
  { key: 'added', sign: '+', word: 'added' },
  { key: 'changed', sign: '~', word: 'changed' },
  { key: 'expired', sign: '−', word: 'expired' },
  { key: 'refused', sign: '⚠', word: 'refused' },
] as const;
