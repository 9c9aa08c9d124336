import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idFromKey } from '../../src/server/db/ids';
import { sendDigest } from '../../src/server/mail/digest/send';
import { demoAdminToken } from './helpers/admin-login';
import { startMailApp, type MailTestApp } from './helpers/mail-app';
import type { ReceivedMail } from './helpers/smtp-sink';
import { ADMIN_HOST, postJson } from './helpers/test-app';
import { untilFound } from '../helpers/wait';

// Issue 26, "mail that renders where mail is read": the digest's HTML part, as the SMTP sink received it, opened in
// Chromium from a file (outside the site, as a mail client is) at a phone's and a desktop's width. Every image must load
// from the tenant's origin (PNG, CORP cross-origin: the site's same-site answers were refused here) and nothing may
// scroll sideways. The tenant's logo, uploaded through the console's route, heads the mail.
const ONE = idFromKey('domain', 'one');
const WIDTHS = [390, 1280];

describe('the digest in a mail client (pglite)', () => {
  let t: MailTestApp;
  let browser: Browser;
  let dir: string;
  let mail: ReceivedMail;
  let logoUrl: string;

  beforeAll(async () => {
    t = await startMailApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    // Links and images on the tenant's origin, where this server answers (Chromium resolves *.localhost to loopback).
    process.env.MAIL_LINK_ORIGIN = `http://{host}:${port}`;

    const token = await demoAdminToken(t.app);
    const logo = await sharp({ create: { width: 600, height: 150, channels: 4, background: '#0f766e' } })
      .composite([
        { input: Buffer.from('<svg width="600" height="150"><circle cx="75" cy="75" r="60" fill="#fde047"/></svg>') },
      ])
      .png()
      .toBuffer();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media?purpose=logo',
      headers: { host: ADMIN_HOST, authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      payload: logo,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    logoUrl = uploaded.json<{ data: { url: string } }>().data.url;
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/tenants/${ONE}`,
      headers: { host: ADMIN_HOST, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: { data: { logo: logoUrl } },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    await postJson(t.app, '/end-user/newsletter/email-subscribe', { email_id: 'reader@example.com' });
    await t.db.query("UPDATE newsletter_subscriptions SET status = 'confirmed' WHERE email = 'reader@example.com'");
    await sendDigest(t.db, t.queue, t.layouts.current().documents, ONE, { force: true });
    // The sign-up's confirmation mail goes too: wait for the digest itself.
    mail = await untilFound(() => t.sink.mails.find((m) => m.html.includes('/couponsredirect/')), {
      message: 'the digest in the sink',
      timeoutMs: 15_000,
      everyMs: 50,
    });
    dir = await mkdtemp(path.join(tmpdir(), 'dd-digest-'));
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    process.env.MAIL_LINK_ORIGIN = 'http://{host}';
  });

  it('asks for PNG images only, at absolute URLs on the tenant’s origin, and has a text part', () => {
    const srcs = [...mail.html.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
    expect(srcs.length).toBeGreaterThan(3);
    for (const src of srcs) expect(src).toMatch(/^http:\/\/one\.localhost:\d+\/assets\/.+\.png$/);
    expect(srcs[0]).toContain(`/assets/${logoUrl.replace(/\.webp$/, '.png')}`);
    expect(mail.html).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1"/);
    expect(mail.text).toContain('/newsletter/unsubscribe?token=');
    expect(mail.text.length).toBeGreaterThan(200);
  });

  for (const width of WIDTHS) {
    it(`shows every image and no sideways scroll at ${width} px, opened from a file`, async () => {
      const file = path.join(dir, `digest-${width}.html`);
      await writeFile(file, mail.html);
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const failed: string[] = [];
      page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
      const images = await page.$$eval('img', (imgs) =>
        imgs.map((i) => ({ src: i.currentSrc, loaded: i.complete && i.naturalWidth > 0, shown: i.clientWidth })),
      );
      expect(failed).toEqual([]);
      expect(images.length).toBeGreaterThan(3);
      for (const img of images) expect(img, img.src).toMatchObject({ loaded: true });
      for (const img of images) expect(img.shown, img.src).toBeLessThanOrEqual(width);
      const header = await page.getByRole('img', { name: 'Coupon Harbor' }).first();
      expect(await header.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(520);
      const scroll = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.innerWidth);
      if (process.env.DIGEST_SCREENSHOTS)
        await page.screenshot({
          path: path.join(process.env.DIGEST_SCREENSHOTS, `digest-${width}.png`),
          fullPage: true,
        });
      await page.close();
    });
  }
});
