import { expect, test } from './fixtures';
import { tenantUrl } from './helpers';
import { adminToken, consoleCall } from './console-api';

// Issue 26, rough edges: a new tenant's home, with no store yet, says "No stores to show yet." once, whichever home
// layout it follows (some have two to four store sections, all empty), before and after its scripts run.
const HOME_PAGES = ['Home Page One', 'Home Page Two', 'Home Page Three', 'Home Page Five'];

const run = Date.now().toString(36);
for (const [i, homePage] of HOME_PAGES.entries()) {
  test(`a new tenant without stores says "No stores to show yet." once on its home (${homePage})`, async ({
    page,
    browser,
  }) => {
    const key = `empty-${run}-${i}`;
    const created = await consoleCall('POST', '/api/admin/tenants', {
      token: await adminToken(),
      body: { key, hosts: [`${key}.localhost`], data: { name: `Empty ${i}`, home_page: homePage } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const once = (p: typeof page) => p.getByText('No stores to show yet.', { exact: true }).filter({ visible: true });
    await page.goto(tenantUrl(key));
    await expect(once(page)).toHaveCount(1);
    // As the server drew it, before any script.
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    try {
      const bare = await noJs.newPage();
      await bare.goto(tenantUrl(key));
      await expect(once(bare)).toHaveCount(1);
    } finally {
      await noJs.close();
    }
  });
}
