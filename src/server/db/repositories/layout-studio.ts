import type { LayoutVersion } from '../../../shared/contract/layout-studio';
import type { Queryable } from '../connect';

// The layout studio's tables (migration 057): operators' drafts, and one snapshot of the whole published set per
// version. The published set itself stays in layout_documents (layouts/db-source.ts).

/** A set of documents by path ('home/x.json' → its text). */
export type LayoutTexts = Readonly<Record<string, string>>;

export type LayoutAction = LayoutVersion['action'];

export interface LayoutDraft {
  path: string;
  body: string;
  author: string;
  updatedAt: string;
}

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));

/** Records the set a publication made, in its transaction. */
export async function insertLayoutVersion(
  tx: Queryable,
  v: { version: number; documents: LayoutTexts; action: LayoutAction; author: string; note: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO layout_versions (version, documents, action, author, note) VALUES ($1, $2::jsonb, $3, $4, $5)`,
    [v.version, JSON.stringify(v.documents), v.action, v.author, v.note],
  );
}

/**
 * Versions newest first, each with the paths it changed from the version recorded before it (all of its paths for
 * the first one); `path`: only the versions that changed that document.
 */
export async function listLayoutVersions(
  db: Queryable,
  o: { limit: number; path?: string | undefined },
): Promise<LayoutVersion[]> {
  const rows = await db.query<Omit<LayoutVersion, 'created_at'> & { created_at: unknown }>(
    `SELECT v.version, v.action, v.author, v.note, v.created_at,
       ARRAY(
         SELECT k FROM (SELECT jsonb_object_keys(v.documents) UNION SELECT jsonb_object_keys(p.documents)) AS keys (k)
         WHERE v.documents -> k IS DISTINCT FROM p.documents -> k ORDER BY k
       ) AS changed
     FROM layout_versions v
     LEFT JOIN LATERAL (
       SELECT e.documents FROM layout_versions e WHERE e.version < v.version ORDER BY e.version DESC LIMIT 1
     ) p ON true
     WHERE $2::text IS NULL OR v.documents -> $2::text IS DISTINCT FROM p.documents -> $2::text
     ORDER BY v.version DESC LIMIT $1`,
    [o.limit, o.path ?? null],
  );
  return rows.map((r) => ({ ...r, version: Number(r.version), created_at: iso(r.created_at) }));
}

/** The set a version published; null when no such version is recorded. */
export async function layoutVersionTexts(db: Queryable, version: number): Promise<LayoutTexts | null> {
  const rows = await db.query<{ documents: LayoutTexts }>('SELECT documents FROM layout_versions WHERE version = $1', [
    version,
  ]);
  return rows[0]?.documents ?? null;
}

/** One document's text at a version: undefined when the version is not recorded, null when it was not in the set. */
export async function layoutTextAtVersion(
  db: Queryable,
  version: number,
  path: string,
): Promise<string | null | undefined> {
  const rows = await db.query<{ body: string | null }>(
    'SELECT documents ->> $2::text AS body FROM layout_versions WHERE version = $1',
    [version, path],
  );
  return rows.length === 0 ? undefined : rows[0]!.body;
}

/** Every draft, by path. */
export async function listLayoutDrafts(db: Queryable): Promise<LayoutDraft[]> {
  const rows = await db.query<{ path: string; body: string; author: string; updated_at: unknown }>(
    'SELECT path, body, author, updated_at FROM layout_drafts ORDER BY path',
  );
  return rows.map((r) => ({ path: r.path, body: r.body, author: r.author, updatedAt: iso(r.updated_at) }));
}

export async function findLayoutDraft(db: Queryable, path: string): Promise<LayoutDraft | null> {
  const rows = await db.query<{ path: string; body: string; author: string; updated_at: unknown }>(
    'SELECT path, body, author, updated_at FROM layout_drafts WHERE path = $1',
    [path],
  );
  const r = rows[0];
  return r ? { path: r.path, body: r.body, author: r.author, updatedAt: iso(r.updated_at) } : null;
}

/** Saves (or replaces) a draft; answers when it was saved. */
/**
 * Saves a draft; answers when, and who had the draft before (null: there was none): the studio audits a draft when
 * it starts or changes hands, not every autosave of the same operator.
 */
export async function saveLayoutDraft(
  tx: Queryable,
  path: string,
  body: string,
  author: string,
): Promise<{ updatedAt: string; previousAuthor: string | null }> {
  const rows = await tx.query<{ updated_at: unknown; previous_author: string | null }>(
    `WITH previous AS (SELECT author FROM layout_drafts WHERE path = $1)
     INSERT INTO layout_drafts (path, body, author) VALUES ($1, $2, $3)
     ON CONFLICT (path) DO UPDATE SET body = EXCLUDED.body, author = EXCLUDED.author, updated_at = now()
     RETURNING updated_at, (SELECT author FROM previous) AS previous_author`,
    [path, body, author],
  );
  return { updatedAt: iso(rows[0]!.updated_at), previousAuthor: rows[0]!.previous_author };
}

/** Drops a draft; true when there was one. */
export async function deleteLayoutDraft(tx: Queryable, path: string): Promise<boolean> {
  const rows = await tx.query<{ path: string }>('DELETE FROM layout_drafts WHERE path = $1 RETURNING path', [path]);
  return rows.length > 0;
}
