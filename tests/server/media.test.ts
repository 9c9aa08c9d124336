import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MAX_BYTES, MEDIA_MAX_PIXELS } from '../../src/shared/contract/media';
import { demoAdminToken } from './helpers/admin-login';
import { ADMIN_HOST, DATABASES, startTestApp, type TestApp } from './helpers/test-app';

// Issue 26: operators upload images instead of typing URLs. Each is checked by its bytes (never its claimed type),
// made at the size its page reserves, stored in the database (every instance serves it) and served immutable under
// its content hash, readable cross-origin (mail clients), on every host.

interface Uploaded {
  success: boolean;
  message: string;
  data: { url: string; width: number; height: number };
}

/** A 1-bit greyscale PNG of side × side pixels whose rows are all zero: a few KB that decode to side² pixels. */
function bombPng(side: number): Buffer {
  const crc = (buf: Buffer) => {
    let c = ~0;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side); // filter byte 0 + zero pixels, every row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const photo = (width: number, height: number, format: 'png' | 'jpeg' = 'png') => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
};

describe.each(DATABASES)('media uploads (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  const upload = (body: Buffer | string, type: string, query = 'purpose=logo', auth = true) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/media?${query}`,
      headers: { host: ADMIN_HOST, 'content-type': type, ...(auth ? { authorization: `Bearer ${token}` } : {}) },
      payload: body,
    });
  const fetchAsset = (url: string, host = 'one.localhost') =>
    t.app.inject({ method: 'GET', url: `/assets/${url}`, headers: { host } });

  beforeAll(async () => {
    t = await startTestApp(kind);
    token = await demoAdminToken(t.app);
  });
  afterAll(() => t.close());

  it('makes a logo for the header’s 260 × 56 box (twice), as WebP with a PNG beside it, served immutable', async () => {
    const res = await upload(await photo(1000, 1000), 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Uploaded>();
    expect(body.success).toBe(true);
    expect(body.data.url).toMatch(/^media\/[0-9a-f]{32}-520x112\.webp$/);
    // the square fits the box's height, padded (transparent) to its ratio: never stretched on the page
    expect(body.data).toMatchObject({ width: 520, height: 112 });

    for (const host of ['one.localhost', 'two.localhost', ADMIN_HOST]) {
      const webp = await fetchAsset(body.data.url, host);
      expect(webp.statusCode, host).toBe(200);
      expect(webp.headers['content-type']).toBe('image/webp');
      expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(webp.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(webp.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(webp.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['webp', 520, 112, true]);
    }
    const png = await fetchAsset(body.data.url.replace(/\.webp$/, '.png'));
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect((await sharp(png.rawPayload).metadata()).format).toBe('png');
    // the centre is the picture, the sides are padding
    const { data, info } = await sharp(png.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect(alphaAt(260, 56)).toBe(255);
    expect(alphaAt(5, 56)).toBe(0);
  });

  it('sizes each purpose for its place: store 3:2, favicon square PNG, banner its dimension', async () => {
    const cases = [
      ['purpose=store', /-480x320\.webp$/],
      ['purpose=favicon', /-128x128\.png$/],
      [`purpose=banner&dimension=${encodeURIComponent('728 * 90')}`, /-1456x180\.webp$/],
      ['purpose=banner', /-1600x800\.webp$/],
    ] as const;
    for (const [query, url] of cases) {
      const res = await upload(await photo(2400, 1200, 'jpeg'), 'image/jpeg', query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      expect(res.json<Uploaded>().data.url, query).toMatch(url);
      expect((await fetchAsset(res.json<Uploaded>().data.url)).statusCode).toBe(200);
    }
  });

  it('never enlarges a small picture, and names the same picture the same way twice', async () => {
    const small = await photo(100, 50);
    const a = (await upload(small, 'image/png')).json<Uploaded>();
    const b = (await upload(small, 'image/png')).json<Uploaded>();
    expect(a.data.url).toBe(b.data.url);
    expect(a.data.height).toBe(50);
    expect(Math.abs(a.data.width / a.data.height - 520 / 112)).toBeLessThan(0.05);
  });

  it('refuses SVG (whatever the Content-Type says), text and HTML with 415 and what to send instead', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    for (const type of ['image/svg+xml', 'image/png']) {
      const res = await upload(svg, type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json<Uploaded>().message).toMatch(/SVG files are not accepted.*PNG/);
    }
    const html = await upload('<!doctype html><html><body>hi</body></html>', 'image/gif');
    expect(html.statusCode).toBe(415);
    const text = await upload('just some text, not an image', 'image/jpeg');
    expect(text.statusCode).toBe(415);
    expect(text.json<Uploaded>().message).toMatch(/not an image the site can use: upload a PNG, JPEG, WebP/);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media?purpose=logo',
      headers: { host: ADMIN_HOST, authorization: `Bearer ${token}` },
      payload: { url: 'https://example.com/x.png' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json<Uploaded>().message).toMatch(/image file itself as the request body/);
  });

  it('refuses a decompression bomb before decoding it, and a truncated image, with 4xx', async () => {
    const side = Math.ceil(Math.sqrt(MEDIA_MAX_PIXELS)) + 2000;
    const bomb = bombPng(side);
    expect(bomb.length).toBeLessThan(200_000);
    const res = await upload(bomb, 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json<Uploaded>().message).toBe(
      `The image is ${side} × ${side} pixels; images may have at most ${MEDIA_MAX_PIXELS / 1_000_000} million pixels.`,
    );
    const good = await photo(300, 300);
    const truncated = await upload(good.subarray(0, 120), 'image/png');
    expect(truncated.statusCode).toBe(415);
  });

  it('answers 413 with the limit for a file past it', async () => {
    const big = Buffer.concat([await photo(10, 10), Buffer.alloc(MEDIA_MAX_BYTES + 10)]);
    const res = await upload(big, 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json<Uploaded>().message).toBe(
      `The file is ${(big.length / 1024 / 1024).toFixed(1)} MB: images may be at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB.`,
    );
  });

  it('asks for a sign-in, a known purpose, and answers 404 for an unknown image', async () => {
    const png = await photo(20, 20);
    expect((await upload(png, 'image/png', 'purpose=logo', false)).statusCode).toBe(401);
    expect((await upload(png, 'image/png', 'purpose=poster')).statusCode).toBe(400);
    expect(
      (await upload(png, 'image/png', `purpose=logo&dimension=${encodeURIComponent('728 * 90')}`)).statusCode,
    ).toBe(400);
    expect((await fetchAsset(`media/${'0'.repeat(32)}-10x10.png`)).statusCode).toBe(404);
    expect((await fetchAsset('media/../../etc/passwd')).statusCode).toBe(404);
    // a real image asked for at another size is not there either: one canonical name per file
    const url = (await upload(png, 'image/png')).json<Uploaded>().data.url;
    expect((await fetchAsset(url.replace(/-\d+x\d+/, '-1x1'))).statusCode).toBe(404);
  });

  it('draws a PNG of each demo SVG for mail, readable cross-origin like the SVG, and nothing else', async () => {
    for (const rel of ['banners/one/728x90-1', 'stores/northwind-outfitters', 'tenants/one/logo']) {
      const svg = await fetchAsset(`${rel}.svg`);
      const png = await fetchAsset(`${rel}.png`);
      expect(png.statusCode, rel).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(svg.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const size = /width="(\d+)" height="(\d+)"/.exec(svg.body)!;
      // twice the drawing's size: crisp on the high-density screens mail is mostly read on
      expect(await sharp(png.rawPayload).metadata()).toMatchObject({
        format: 'png',
        width: 2 * Number(size[1]),
        height: 2 * Number(size[2]),
      });
    }
    expect((await fetchAsset('stores/no-such-store-at-all/x.png')).statusCode).toBe(404);
    expect((await fetchAsset('favicon.png')).statusCode).toBe(404);
    // everything else keeps same-site: an API answer, for one
    const api = await t.app.inject({
      url: '/api/end-user/website-data/fetchByDomain',
      headers: { host: 'one.localhost' },
    });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-site');
  });

  it('records who uploaded what in the audit list', async () => {
    const rows = await t.db.query<{ entity: string; user_email: string }>(
      "SELECT entity, user_email FROM admin_audit WHERE entity = 'media' LIMIT 1",
    );
    expect(rows[0]?.user_email).toMatch(/@/);
  });
});
