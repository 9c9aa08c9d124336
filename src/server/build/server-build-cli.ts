import { readConfig } from '../config';
import { buildServer, isServerBuildStale, SERVER_OUT_DIR } from './server-bundle';

// `npm start`'s first step: compiles the server into dist/server when it is missing or older than its sources
// (about a second), so `node dist/server/main.js` that follows never runs stale code.
const root = process.cwd();
if (await isServerBuildStale(root)) {
  const t0 = Date.now();
  await buildServer(root);
  if (!['warn', 'error', 'silent'].includes(readConfig().logLevel))
    console.log(`compiled the server into ${SERVER_OUT_DIR} in ${Date.now() - t0} ms`);
}
