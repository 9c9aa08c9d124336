import type { Queryable } from '../connect';

// Multi-row inserts as one statement: INSERT … SELECT FROM unnest($1::type[], …), one array per column.
export interface Column {
  name: string;
  type: 'text' | 'int' | 'boolean' | 'timestamptz' | 'numeric' | 'jsonb';
  /** SELECT expression replacing the plain array element (e.g. a joined column). */
  expr?: string;
}

export async function bulkInsert(
  db: Queryable,
  table: string,
  columns: readonly Column[],
  rows: readonly (readonly unknown[])[],
  suffix = '',
): Promise<void> {
  if (rows.length === 0) return;
  const arrays = columns.map((_, i) => rows.map((r) => r[i] ?? null));
  // jsonb arrays travel as text[] and are cast per element.
  const selects = columns.map((c, i) => c.expr ?? (c.type === 'jsonb' ? `u.c${i}::jsonb` : `u.c${i}`));
  const unnest = columns.map((c, i) => `$${i + 1}::${c.type === 'jsonb' ? 'text' : c.type}[]`).join(', ');
  const aliases = columns.map((_, i) => `c${i}`).join(', ');
  await db.query(
    `INSERT INTO ${table} (${columns.map((c) => c.name).join(', ')})
     SELECT ${selects.join(', ')} FROM unnest(${unnest}) AS u(${aliases}) ${suffix}`,
    arrays.map((a, i) => (columns[i]?.type === 'jsonb' ? a.map((v) => (v === null ? null : JSON.stringify(v))) : a)),
  );
}
