import { readConfig } from '../config';
import { connectDb } from './connect';
import { loadExperimentReport } from './repositories/experiments';
import { formatReport } from './experiments-report';

// `npm run experiments:report [--json]`: per A/B layout experiment and variant, the shoppers shown it, reveals per 100
// shoppers, click-outs and the p-value of a two-proportion z-test (share of shoppers who revealed) against the
// control, from the recorded reveals. Reads DATABASE_URL, else the PGlite of DATA_DIR (stop the server first: PGlite
// admits one process). The console reads the same report from GET /api/admin/experiments.

const config = readConfig();
const db = await connectDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const report = await loadExperimentReport(db);
  if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
  else
    console.log(
      `${formatReport(report)}\n\np-value: two-sided two-proportion z-test of the share of shoppers with a reveal, against the control (src/shared/rules/two-proportion.ts).`,
    );
} finally {
  await db.close();
}
