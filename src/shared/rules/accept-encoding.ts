/** A content coding the server sends: brotli, gzip or the bytes as they are. */
export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * The coding to answer an Accept-Encoding with: br preferred, else gzip, else identity (as @fastify/compress and
 * @fastify/static's preCompressed do). A coding listed with q=0 is refused; `*` stands for any coding not listed.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentCoding {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [raw, ...params] = part.toLowerCase().split(';');
    const name = raw?.trim();
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip') || accepts('x-gzip')) return 'gzip';
  return 'identity';
}
