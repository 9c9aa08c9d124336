import type { Readable } from 'node:stream';
import { REPORT_MAX_BYTES } from '../../shared/contract/commission-sources';
import type { FeedCredentials } from '../../shared/contract/feeds';
import { REPORT_FORMAT_NAMES, type CommissionImportSummary } from '../../shared/contract/revenue';
import { readReport } from '../../shared/revenue/readers/index';
import type { Db } from '../db/connect';
import { importCommissions } from '../db/repositories/commissions';
import {
  claimDueSources,
  recordSourceRun,
  sourceRecord,
  type SourceRecord,
} from '../db/repositories/commission-sources';
import { FeedFetchError } from './fetch-feed';
import type { RunServices } from './runs';

// Issue 31, item 2 (docs/revenue.md "Scheduled sources"): a report source's run. Its URL is fetched through the voucher
// feeds' fetcher (auth modes, retries, redirects without credentials, secrets never in a message) with its sealed
// credentials opened here, the body read as text up to REPORT_MAX_BYTES, read by its format's reader and imported as
// an uploaded report is (importCommissions: an upsert, nothing counted twice). A run never throws: what stopped it
// is kept as the source's last_error, in words an operator can act on.

/** The schedule's tick: report sources whose every_hours have passed are imported. */
export const COMMISSION_SOURCES_DUE = { queue: 'commission-sources-due', cron: '*/15 * * * *' } as const;

export type SourceServices = Pick<RunServices, 'db' | 'box' | 'fetchFeed' | 'log'>;

export type SourceRunResult =
  | { ok: true; summary: CommissionImportSummary; message: string }
  /** fetch: the URL could not be read (the console's 502); report: it was read but is not a report of the format. */
  | { ok: false; kind: 'fetch' | 'report'; error: string };

class ReportProblem extends Error {}

const MB = 1024 * 1024;

/** The body as UTF-8 text; a body past `maxBytes` is dropped (its connection closed) with a ReportProblem. */
export async function readText(body: Readable, maxBytes = REPORT_MAX_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of body as AsyncIterable<Buffer | string>) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    bytes += buf.length;
    if (bytes > maxBytes) {
      body.destroy();
      throw new ReportProblem(`the report is larger than ${Math.round(maxBytes / MB)} MB`);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks, bytes).toString('utf8');
}

function credentialsOf(s: SourceServices, source: SourceRecord): FeedCredentials {
  if (!source.credentials) return { auth: 'none' };
  return JSON.parse(s.box.open(source.credentials)) as FeedCredentials;
}

async function fetchReport(s: SourceServices, source: SourceRecord): Promise<string> {
  const auth = credentialsOf(s, source);
  // The fetcher's own cap stops the download at the report's limit (a test's fetcher may ignore it; readText cannot).
  const options = { auth, maxBytes: REPORT_MAX_BYTES };
  const fetched = await s.fetchFeed(source.url, options);
  return readText(fetched.body);
}

/** The source's error message: the fetcher's and ours as they are (they never carry a secret), others by kind. */
function failure(err: unknown): { kind: 'fetch' | 'report'; error: string } {
  if (err instanceof ReportProblem) return { kind: 'report', error: upper(err.message) };
  if (err instanceof FeedFetchError) return { kind: 'fetch', error: upper(err.message) };
  const message = err instanceof Error ? err.message : String(err);
  return { kind: 'fetch', error: upper(`the report could not be fetched: ${message.slice(0, 300)}`) };
}

const upper = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Fetches, reads and imports one source's report; the outcome is kept on the source and answered. */
export async function runSource(s: SourceServices, sourceId: number): Promise<SourceRunResult | null> {
  const source = await sourceRecord(s.db, sourceId);
  if (!source) return null;
  let text: string;
  try {
    text = await fetchReport(s, source);
  } catch (err) {
    return failed(s.db, source, failure(err));
  }
  if (text.trim() === '') return failed(s.db, source, { kind: 'report', error: 'The report URL answered nothing.' });
  const items = readReport(source.format, text);
  const refused = items.filter((i) => !i.ok);
  if (items.length > 0 && refused.length === items.length) {
    const first = refused[0]!;
    const why = first.ok ? '' : ` (${first.where}: ${first.reason})`;
    const error = `Nothing was imported: no record of the report is a ${REPORT_FORMAT_NAMES[source.format]} transaction${why}.`;
    return failed(s.db, source, { kind: 'report', error: error.slice(0, 2000) });
  }
  const summary = await importCommissions(s.db, {
    format: source.format,
    fileName: `${source.name} (${hostOf(source.url)})`.slice(0, 200),
    importedBy: `source:${source.id}`,
    items,
  });
  await recordSourceRun(s.db, source.id, { importId: summary.id });
  s.log.info(`commission source ${source.id}: ${summary.records} records, +${summary.added} ~${summary.changed}`);
  return { ok: true, summary, message: `Imported ${summary.added} new and ${summary.changed} changed transactions.` };
}

async function failed(
  db: Db,
  source: SourceRecord,
  f: { kind: 'fetch' | 'report'; error: string },
): Promise<SourceRunResult> {
  await recordSourceRun(db, source.id, { error: f.error });
  return { ok: false, ...f };
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url.slice(0, 60);
  }
}

/** The schedule's tick: every due source claimed here is run, one after another; a failure stays on its source. */
export async function importDueSources(s: SourceServices): Promise<number> {
  let ran = 0;
  for (const id of await claimDueSources(s.db)) {
    try {
      const result = await runSource(s, id);
      if (result && !result.ok) s.log.warn(`commission source ${id} failed: ${result.error}`);
      ran++;
    } catch (err) {
      // The database itself failed mid-run: logged, and the next source still runs.
      s.log.warn(`commission source ${id} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return ran;
}
