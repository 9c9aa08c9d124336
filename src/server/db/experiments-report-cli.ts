import { parseCli, toolDatabase } from '../cli';

// `npm run experiments:report [--json]`: per A/B layout experiment and variant, the shoppers shown it, reveals per 100
// shoppers, click-outs and the p-value of a two-proportion z-test (share of shoppers who revealed) against the
// control, from the recorded reveals; and (issue 31) each arm's clicks, commission and EPC with Welch's test on
// earnings per click against the control, or "too little money to decide". Reads DATABASE_URL, else the PGlite of DATA_DIR. PGlite admits one process: while
// a server has DATA_DIR open the CLI refuses (rather than open it beside the server, which corrupts it) and points to the
// running server's GET /api/admin/experiments, the same report as JSON (the console's).
const { values } = parseCli({
  name: 'experiments:report',
  about:
    'Per layout experiment and variant: shoppers shown it, reveals per 100 shoppers, click-outs and the p-value of\n' +
    'a two-proportion z-test against the control; clicks, commission and EPC (earnings per 100 clicks) with the\n' +
    "p-value of Welch's t-test against the control. While a server holds the PGlite directory, use the server's\n" +
    'GET /api/admin/experiments instead (the same report).',
  options: { json: { type: 'boolean', help: 'print the report as JSON' } },
  database: 'existing',
});

const { readConfig } = await import('../config');
const { loadExperimentReport } = await import('./repositories/experiments');
const { formatReport } = await import('./experiments-report');

const config = readConfig();
const { db } = await toolDatabase('experiments:report', config, {
  inUse:
    "While the server runs, read the same report from it: GET /api/admin/experiments with an admin's token " +
    `(POST /system-user/login), e.g.\n  curl -H "Authorization: Bearer $TOKEN" ` +
    `http://localhost:${config.port}/api/admin/experiments`,
});
try {
  const report = await loadExperimentReport(db);
  if (values.json) console.log(JSON.stringify(report, null, 2));
  else
    console.log(
      `${formatReport(report)}\n\np-value: two-sided two-proportion z-test of the share of shoppers with a reveal, against the control (src/shared/rules/two-proportion.ts).`,
    );
} finally {
  await db.close();
}
