// What the bare-Fastify reference answers (written by api.ts, read by bare-server.ts): per path, the bytes the real
// server sent for each Accept-Encoding, or the built file whose .br/.gz copies the build wrote beside it.

import type { Coding } from './encoding';

export interface StoredVariant {
  coding: string;
  body: string; /* base64 */
}
export interface StoredResponse {
  path: string;
  contentType: string;
  /** A built asset: served from this file and its `.br`/`.gz` copies (compressed once at start when a copy is missing). */
  file?: string;
  /** Otherwise: what the server answered to each Accept-Encoding (ACCEPT_FOR), in the coding it chose. */
  variants?: Partial<Record<Coding, StoredVariant>>;
}
