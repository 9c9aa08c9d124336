import type { CommissionSource } from '../../../shared/contract/commission-sources';
import type { FeedAuth } from '../../../shared/contract/feeds';
import type { CommissionImportSummary, ReportFormat } from '../../../shared/contract/revenue';
import type { Db, Queryable } from '../connect';

// Issue 31, item 2: the networks' report URLs the revenue import fetches on a schedule (docs/revenue.md "Scheduled
// sources"). `credentials` is sealed JSON (src/server/lib/secret-box.ts) and leaves this module only in a
// SourceRecord, for the runner to open; an answer (CommissionSource) says only whether some are stored.

export interface SourceWrite {
  name: string;
  format: ReportFormat;
  url: string;
  auth: FeedAuth;
  credentials: string | null;
  every_hours: number;
  enabled: boolean;
}

export interface SourceRecord extends SourceWrite {
  id: number;
}

const RECORD = `id::int AS id, name, format, url, auth, credentials, every_hours, enabled`;

export async function sourceRecord(db: Queryable, id: number): Promise<SourceRecord | null> {
  const rows = await db.query<SourceRecord>(`SELECT ${RECORD} FROM commission_sources WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

type Row = Omit<CommissionSource, 'last_import' | 'next_run_at' | 'last_run_at' | 'created_at' | 'updated_at'> & {
  next_run_at: Date | null;
  last_run_at: Date | null;
  created_at: Date;
  updated_at: Date;
  imp: (Omit<CommissionImportSummary, 'imported_at'> & { imported_at: string }) | null;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The sources (or one), newest first, each with its last import's summary; never their credentials. */
export async function listSources(db: Queryable, id?: number): Promise<CommissionSource[]> {
  const rows = await db.query<Row>(
    `SELECT s.id::int AS id, s.name, s.format, s.url, s.auth, s.credentials IS NOT NULL AS has_credentials,
       s.every_hours, s.enabled, s.next_run_at, s.last_run_at, s.last_error, s.created_at, s.updated_at,
       CASE WHEN i.id IS NULL THEN NULL ELSE jsonb_build_object('id', i.id, 'format', i.format,
         'file_name', i.file_name, 'imported_at', i.imported_at, 'records', i.records, 'added', i.added,
         'changed', i.changed, 'unchanged', i.unchanged, 'refused', i.refused, 'unmatched', i.unmatched,
         'problems', i.problems) END AS imp
     FROM commission_sources s LEFT JOIN commission_imports i ON i.id = s.last_import
     WHERE $1::bigint IS NULL OR s.id = $1 ORDER BY s.id DESC`,
    [id ?? null],
  );
  return rows.map(({ imp, ...r }) => ({
    ...r,
    next_run_at: iso(r.next_run_at),
    last_run_at: iso(r.last_run_at),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    last_import: imp ? { ...imp, id: Number(imp.id), imported_at: iso(imp.imported_at)! } : null,
  }));
}

export async function insertSource(db: Queryable, s: SourceWrite): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO commission_sources (name, format, url, auth, credentials, every_hours, enabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::int AS id`,
    [s.name, s.format, s.url, s.auth, s.credentials, s.every_hours, s.enabled],
  );
  return rows[0]!.id;
}

/** A changed schedule starts again from now: the next run is due at once (0 hours: never by schedule). */
export async function updateSource(db: Queryable, id: number, s: SourceWrite): Promise<void> {
  await db.query(
    `UPDATE commission_sources SET name = $2, format = $3, url = $4, auth = $5, credentials = $6, every_hours = $7,
       enabled = $8, updated_at = now(),
       next_run_at = CASE WHEN every_hours = $7 AND enabled = $8 THEN next_run_at ELSE NULL END
     WHERE id = $1`,
    [id, s.name, s.format, s.url, s.auth, s.credentials, s.every_hours, s.enabled],
  );
}

export async function deleteSource(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM commission_sources WHERE id = $1', [id]);
}

/**
 * The sources whose schedule is due, each claimed by one instance: its next_run_at moves on in the same statement,
 * so a second instance's claim (or the next tick while this run goes on) does not find it.
 */
export async function claimDueSources(db: Db): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `UPDATE commission_sources SET next_run_at = now() + make_interval(hours => every_hours)
     WHERE enabled AND every_hours > 0 AND (next_run_at IS NULL OR next_run_at <= now())
     RETURNING id::int AS id`,
  );
  return rows.map((r) => r.id);
}

/** What a run ends with: its import (and no error), or its error (and the last good import kept). */
export async function recordSourceRun(
  db: Queryable,
  id: number,
  outcome: { importId: number } | { error: string },
): Promise<void> {
  if ('importId' in outcome) {
    await db.query('UPDATE commission_imports SET source_id = $2 WHERE id = $1', [outcome.importId, id]);
    await db.query(
      `UPDATE commission_sources SET last_import = $2, last_error = NULL, last_run_at = now() WHERE id = $1`,
      [id, outcome.importId],
    );
  } else {
    await db.query(`UPDATE commission_sources SET last_error = $2, last_run_at = now() WHERE id = $1`, [
      id,
      outcome.error.slice(0, 2000),
    ]);
  }
}
