import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressOnce, negotiate, requestHeaders } from '../../../src/bench/encoding';
import { scriptsOf } from '../../../src/bench/scripts';
import type { Resource } from '../../../src/bench/visit';

describe('bench: the reference answers Accept-Encoding as the server does', () => {
  it('prefers br, else gzip, else identity', () => {
    expect(negotiate('gzip, deflate, br')).toBe('br');
    expect(negotiate('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiate('gzip, deflate')).toBe('gzip');
    expect(negotiate('deflate')).toBe('identity');
    expect(negotiate(undefined)).toBe('identity');
    expect(negotiate('')).toBe('identity');
  });
  it('honours q=0 and the wildcard', () => {
    expect(negotiate('br;q=0, gzip')).toBe('gzip');
    expect(negotiate('gzip;q=0, br;q=0')).toBe('identity');
    expect(negotiate('*')).toBe('br');
    expect(negotiate('*;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiate(' GZIP ; q=1 ')).toBe('gzip');
  });
  it('sends a browser Accept-Encoding or none', () => {
    expect(requestHeaders('browser')).toEqual({ 'accept-encoding': 'gzip, deflate, br' });
    expect(requestHeaders('identity')).toEqual({});
  });
  it('compresses once into both codings, losslessly', () => {
    const body = Buffer.from('<p>deal</p>'.repeat(500));
    const { br, gzip } = compressOnce(body);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gzip).equals(body)).toBe(true);
    expect(br.length).toBeLessThan(body.length);
  });
});

describe('bench: the script budget counts every script of the visit as transferred', () => {
  const res = (type: string, bytes: number, coding = 'gzip'): Resource => ({
    url: `http://one.localhost:1/assets/${type}-${bytes}.js`,
    path: '/',
    sameOrigin: true,
    type,
    method: 'GET',
    status: 200,
    acceptEncoding: 'gzip, deflate',
    coding,
    bodyBytes: bytes,
    transferBytes: bytes + 300,
  });
  it('sums scripts only, with their headers, and says which codings and Accept-Encoding were used', () => {
    const s = scriptsOf(
      'one.localhost',
      'http://one.localhost:1/',
      [res('document', 9000), res('script', 1000), res('script', 2000, 'br'), res('image', 5000)],
      true,
      [],
    );
    expect(s.scripts).toHaveLength(2);
    expect(s.transferBytes).toBe(3600);
    expect(s.bodyBytes).toBe(3000);
    expect(s.acceptEncoding).toEqual(['gzip, deflate']);
  });
});
