import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { adminToken, consoleCall, DEMO_ADMIN, tenantId } from './console-api';
import { tenantUrl } from './helpers';

// Issue 25, in Chromium: the console on its own host leaks nothing to a tenant's scripts, refuses changes posted from
// another site, and shows no one a campaign before it starts.

const consoleUrl = (route = '/admin') => tenantUrl('admin', route);

/**
 * A tenant script that takes whatever it can reach: its own cookies and storage, the framing console's document and
 * storage, and the console's API with the browser's credentials. It writes what it got on its own page (where the test
 * reads it, as an attacker's server would).
 */
const EXFILTRATE = `(async () => {
  const got = {};
  const tryIt = (name, f) => { try { got[name] = String(f()); } catch (e) { got[name] = 'blocked: ' + e.name; } };
  tryIt('cookie', () => document.cookie);
  tryIt('storage', () => JSON.stringify({ ...sessionStorage, ...localStorage }));
  tryIt('parentCookie', () => parent.document.cookie);
  tryIt('parentStorage', () => JSON.stringify({ ...parent.sessionStorage }));
  tryIt('topHtml', () => top.document.documentElement.outerHTML.slice(0, 200));
  tryIt('opener', () => window.opener && window.opener.document.cookie);
  const origin = location.protocol + '//admin.localhost:' + location.port;
  for (const path of ['/api/admin/session', '/api/admin/me']) {
    try {
      const r = await fetch(origin + path, { credentials: 'include' });
      got[path] = r.status + ' ' + (await r.text()).slice(0, 300);
    } catch (e) { got[path] = 'blocked: ' + e.name; }
  }
  document.documentElement.setAttribute('data-exfiltrated', JSON.stringify(got));
})();`;

test.describe.configure({ mode: 'serial' });

let token = '';
let five = '';
/** One browser, signed in to the console once for the whole file (sign-ins are rate-limited per IP). */
let context: BrowserContext;
let page: Page;
test.beforeAll(async ({ browser }) => {
  token = await adminToken();
  five = await tenantId(token, 'five.localhost');
  context = await browser.newContext();
  page = await context.newPage();
  await page.goto(consoleUrl());
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`${DEMO_ADMIN.email} · admin`)).toBeVisible();
});
test.afterAll(() => context.close());

test("a tenant script in the console's preview reaches no credential of the console", async () => {
  const saved = await consoleCall<{ data: { data: { footer_js?: string | null } }[] }>('GET', '/api/admin/tenants', {
    token,
  });
  const before = saved.body.data.find((t) => (t as unknown as { _id: string })._id === five)?.data.footer_js ?? '';
  const set = await consoleCall('PATCH', `/api/admin/tenants/${five}`, {
    token,
    body: { data: { footer_js: EXFILTRATE } },
  });
  expect(set.status).toBe(200);
  try {
    await page.reload();
    await expect(page.getByText(`${DEMO_ADMIN.email} · admin`)).toBeVisible();
    const secrets = (await context.cookies())
      .filter((c) => c.name.startsWith('dd_console'))
      .map((c) => c.value)
      .filter(Boolean);
    expect(secrets.length).toBeGreaterThanOrEqual(1);
    const label = await page.locator('option', { hasText: '(five.localhost)' }).textContent();
    await page.getByLabel('Tenant', { exact: true }).selectOption({ label: label ?? '' });
    await page.getByRole('button', { name: 'Layout preview' }).click();
    const iframe = page.locator('iframe[title$="home, desktop width"]');
    await expect(iframe).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin');
    const html = page.frameLocator('iframe[title$="home, desktop width"]').locator('html');
    await expect(html).toHaveAttribute('data-exfiltrated', /parentCookie/, { timeout: 20_000 });
    const got = JSON.parse((await html.getAttribute('data-exfiltrated')) ?? '{}') as Record<string, string>;
    // The frame is the tenant's origin: the console's document, storage and opener are out of its reach.
    expect(got.parentCookie).toMatch(/^blocked: /);
    expect(got.parentStorage).toMatch(/^blocked: /);
    expect(got.topHtml).toMatch(/^blocked: /);
    // The console's API answers a tenant's page nothing it can read (no CORS), or refuses it outright.
    for (const path of ['/api/admin/session', '/api/admin/me']) expect(got[path], path).not.toMatch(/^200 /);
    // And no credential of the console is anywhere in what it took.
    const all = JSON.stringify(got);
    for (const secret of secrets) expect(all).not.toContain(secret);
    expect(all).not.toContain('dd_console');
    expect(all).not.toContain('csrf');
  } finally {
    await consoleCall('PATCH', `/api/admin/tenants/${five}`, { token, body: { data: { footer_js: before } } });
  }
});

test('a form on another site posting to the console with its cookie changes nothing', async () => {
  expect((await context.cookies()).some((c) => c.name === 'dd_console')).toBe(true);
  // The attacker's pages, served here (no network): one on another site, one on a sibling *.localhost host (same
  // site as the console), each posting a form to the console in the browser where it is signed in.
  const attacker = await context.newPage();
  const form = (action: string) =>
    `<!doctype html><form method="post" enctype="text/plain" action="${action}">` +
    `<input name='{"key":"csrf-test","name":"Forged","hosts":["forged.localhost"],"x":"' value='"}'></form>` +
    '<script>document.forms[0].submit()</script>';
  const posts = ['/api/admin/tenants', '/api/admin/stores', '/api/admin/categories', '/api/admin/preview-grants'];
  for (const origin of ['http://attacker.example', tenantUrl('evil', '')]) {
    await attacker.route(`${origin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: form(consoleUrl(new URL(route.request().url()).pathname)) }),
    );
    for (const path of posts) {
      const answer = attacker.waitForResponse((r) => r.url() === consoleUrl(path));
      await attacker.goto(`${origin}${path}`);
      const res = await answer;
      expect(res.status(), `${origin} → ${path}`).toBe(403);
    }
  }
  const tenants = await consoleCall<{ data: { hosts: string[] }[] }>('GET', '/api/admin/tenants', { token });
  expect(tenants.body.data.some((t) => t.hosts.includes('forged.localhost'))).toBe(false);
});

test('a shopper who adds a future ?at= or a ?layout= sees the published page, and no raw document', async ({
  page: shopper,
}) => {
  const page = shopper;
  const published = await page.goto(tenantUrl('one'));
  const today = await page
    .locator('[data-section-type]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-section-type')));
  const res = await page.goto(tenantUrl('one', '/?at=2099-06-01T10:00:00Z&layout=home/top-deals.json'));
  expect(res?.status()).toBe(200);
  expect(res?.headers()['x-robots-tag']).toBeUndefined();
  expect(
    await page.locator('[data-section-type]').evaluateAll((els) => els.map((e) => e.getAttribute('data-section-type'))),
  ).toEqual(today);
  expect(published?.status()).toBe(200);
  const raw = await page.request.get(tenantUrl('default', '/layouts/home/top-deals.json'));
  expect(raw.status()).toBe(404);
  // The operator's grant opens the same URL as a preview (read-only, noindex).
  const query = await consoleCall<{ data: { query: string } }>('POST', '/api/admin/preview-grants', {
    token,
    body: { tenant: await tenantId(token, 'one.localhost'), at: '2099-06-01T10:00:00Z' },
  });
  const preview = await page.goto(tenantUrl('one', `/${query.body.data.query}`));
  expect(preview?.headers()['x-robots-tag']).toBe('noindex');
});
