import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Content codings as the bench asks for them and as the bare-Fastify reference answers them.

/** What a load sends: `browser` is the Accept-Encoding every browser sends; `identity` sends none (the path no browser takes). */
export type Encoding = 'browser' | 'identity';
export const ENCODINGS: readonly Encoding[] = ['browser', 'identity'];
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

/** A coding the reference serves: brotli, gzip or the bytes as they are. */
export type Coding = 'br' | 'gzip' | 'identity';
export const CODINGS: readonly Coding[] = ['br', 'gzip', 'identity'];

/** The Accept-Encoding sent to record or load each coding (`identity`: none at all). */
export const ACCEPT_FOR: Record<Coding, string | null> = { br: BROWSER_ACCEPT_ENCODING, gzip: 'gzip, deflate', identity: null };

export function requestHeaders(encoding: Encoding): Record<string, string> {
  return encoding === 'browser' ? { 'accept-encoding': BROWSER_ACCEPT_ENCODING } : {};
}

/**
 * The coding to answer an Accept-Encoding with: br preferred, else gzip, else identity (as @fastify/compress and
 * @fastify/static's preCompressed do). A coding listed with q=0 is refused; `*` stands for any coding not listed.
 */
export function negotiate(acceptEncoding: string | undefined): Coding {
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

/** Brotli (quality 11) and gzip (level 9) of a body, as a build writes them beside each asset. */
export function compressOnce(body: Buffer): { br: Buffer; gzip: Buffer } {
  return {
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip: gzipSync(body, { level: 9 }),
  };
}
