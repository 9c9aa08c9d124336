import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bootstrap } from '../../src/shared/contract/bootstrap';
import type { ExperimentReport } from '../../src/shared/contract/experiments';
import { shopperIds } from '../../src/server/site/shopper-id';
import { layoutsWithFiveExperiment } from './helpers/five-experiment';
import { startTestApp, type TestApp } from './helpers/test-app';

// `npm run experiments:report` for real: shoppers browse five.localhost during a 50/50 experiment and reveal coupons
// through the API and the bold ones click out; the CLI then reads the recorded reveals from the same (PGlite) database.

const run = promisify(execFile);
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SECRET = 'experiments-report-test-secret-0123456789abcdef';
const ids = shopperIds([SECRET]);

function bootstrapOf(html: string): Bootstrap {
  const m = /<script type="application\/json" id="dealdeck-bootstrap">([\s\S]*?)<\/script>/.exec(html);
  if (!m?.[1]) throw new Error('no bootstrap in page');
  return JSON.parse(m[1]) as Bootstrap;
}

describe('npm run experiments:report', () => {
  let t: TestApp;
  let dir: string;
  const shoppers: Record<string, number> = {};
  beforeAll(async () => {
    dir = await layoutsWithFiveExperiment();
    t = await startTestApp('pglite', { layoutsDir: dir, shopperSecrets: [SECRET] });
    const [coupon] = await t.db.query<{ id: string }>(
      `SELECT c.id FROM coupons c JOIN domain_stores ds ON ds.store_id = c.store_id JOIN domains d ON d.id = ds.domain_id
       WHERE d.key = 'five' ORDER BY c.id LIMIT 1`,
    );
    // Fixed signed ids (as if their cookie came from an earlier visit): the split, and so the p-value, is the same every
    // run. Each shopper on a network of their own: the report leaves out a network's burst of new ids.
    const visitors = Array.from({ length: 40 }, (_, i) => {
      const id = Buffer.from((0xabc0000 + i * 7919).toString(16).padStart(32, '0'), 'hex').toString('base64url');
      const signed = ids.cookie({ id, issuedAt: Date.now() - 86_400_000 }, false).split(';')[0]!;
      return { cookie: signed, ip: `10.${i}.0.1`, variant: '?' };
    });
    for (const v of visitors) {
      const res = await t.app.inject({
        url: '/',
        headers: { host: 'five.localhost', accept: 'text/html', 'user-agent': BROWSER, cookie: v.cookie },
        remoteAddress: v.ip,
      });
      // A valid id is not sent again.
      expect(res.headers['set-cookie']).toBeUndefined();
      v.variant = bootstrapOf(res.body).layouts?.home.doc.experiment?.variant ?? '?';
      shoppers[v.variant] = (shoppers[v.variant] ?? 0) + 1;
    }
    // Shoppers read the page before they act (the report leaves out reveals sooner than a person can).
    await t.db.query("UPDATE experiment_shoppers SET first_seen = first_seen - interval '1 minute'");
    const seen: Record<string, number> = {};
    for (const v of visitors) {
      seen[v.variant] = (seen[v.variant] ?? 0) + 1;
      // Every bold shopper reveals; one control shopper in two does.
      const record = async (what: 'record-visit' | 'record-clickout') => {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/end-user/coupon/${what}`,
          headers: { host: 'five.localhost', cookie: v.cookie, 'user-agent': BROWSER },
          payload: { coupon_id: coupon!.id },
          remoteAddress: v.ip,
        });
        expect(res.statusCode).toBe(200);
      };
      if (v.variant === 'bold' || seen[v.variant]! % 2 === 0) await record('record-visit');
      // Bold shoppers also leave for the merchant (a click-out through its own route); control shoppers do not.
      if (v.variant === 'bold') await record('record-clickout');
    }
    // While the app has the directory open, the CLI refuses instead of opening a second PGlite on its files.
    const beside = await cli('--json').then(
      () => null,
      (err: { code?: number; stderr?: string }) => err,
    );
    expect(beside?.code).toBe(2);
    expect(beside?.stderr).toContain(`is open in process ${process.pid}`);
    expect(beside?.stderr).toContain('GET /api/admin/experiments');
    await t.close(true);
  }, 180_000);
  afterAll(async () => {
    await rm(t.place.dataDir, { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
  });

  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/server/db/experiments-report-cli.ts', ...args], {
      env: { ...process.env, DATA_DIR: t.place.dataDir, DATABASE_URL: '' },
    });

  it('reports both variants: shoppers, reveals per 100 shoppers, click-outs, a p-value and the revenue verdict', async () => {
    const { stdout } = await cli('--json');
    const [five] = JSON.parse(stdout) as ExperimentReport[];
    expect(five?.id).toBe('five-home');
    const bold = five!.variants.find((v) => v.variant === 'bold')!;
    const control = five!.variants.find((v) => v.variant === 'control')!;
    expect(bold.shoppers).toBe(shoppers.bold);
    expect(control.shoppers).toBe(shoppers.control);
    expect(bold.revealsPer100).toBe(100);
    expect(control.reveals).toBe(Math.floor((shoppers.control ?? 0) / 2));
    expect(bold.clickOuts).toBe(shoppers.bold);
    expect(control.clickOuts).toBe(0);
    expect(control.pValue).toBeNull();
    expect(five!.leftOut).toEqual({ never_returned: 0, machine_timing: 0, network_burst: 0, total: 0 });
    expect(bold.pValue).toBeGreaterThanOrEqual(0);
    expect(bold.pValue).toBeLessThan(0.05);
    // No commission came back for these click-outs (issue 31): the revenue half has nothing to decide on.
    expect(five!.currency).toBe('USD');
    expect(five!.revenue_verdict).toBe('too-little-money');
    expect(bold.commission_minor).toBe(0);
    expect(bold.epc_minor).toBe(0);
    const text = await cli();
    expect(text.stdout).toContain('experiment five-home (control: control)');
    expect(text.stdout).toContain('left out: none');
    expect(text.stdout).toMatch(/p-value\s+clicks\s+EPC\s+EPC p\n/);
    expect(text.stdout).toContain('revenue (EPC in USD per 100 clicks): too little money to decide');
    expect(text.stdout).toMatch(
      new RegExp(`bold\\s+${shoppers.bold}\\s+\\d+\\s+100\\.00\\s+${shoppers.bold}\\s+0\\.\\d{4}`),
    );
  }, 60_000);
});
