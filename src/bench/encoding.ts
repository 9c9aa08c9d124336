import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiateEncoding, type ContentCoding } from '../shared/rules/accept-encoding';

// Content codings as the bench asks for them and as the bare-Fastify reference answers them.

/** What a load sends: `browser` is the Accept-Encoding every browser sends; `identity` sends none (the path no browser takes). */
export type Encoding = 'browser' | 'identity';
export const ENCODINGS: readonly Encoding[] = ['browser', 'identity'];
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

/** A coding the reference serves: brotli, gzip or the bytes as they are. */
export type Coding = ContentCoding;
export const CODINGS: readonly Coding[] = ['br', 'gzip', 'identity'];

/** The Accept-Encoding sent to record or load each coding (`identity`: none at all). */
export const ACCEPT_FOR: Record<Coding, string | null> = {
  br: BROWSER_ACCEPT_ENCODING,
  gzip: 'gzip, deflate',
  identity: null,
};

export function requestHeaders(encoding: Encoding): Record<string, string> {
  return encoding === 'browser' ? { 'accept-encoding': BROWSER_ACCEPT_ENCODING } : {};
}

/** The server's own rule (src/shared/rules/accept-encoding.ts): the reference answers as the server does. */
export const negotiate = negotiateEncoding;

/** Brotli (quality 11) and gzip (level 9) of a body, as a build writes them beside each asset. */
export function compressOnce(body: Buffer): { br: Buffer; gzip: Buffer } {
  return {
    br: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzip: gzipSync(body, { level: 9 }),
  };
}
