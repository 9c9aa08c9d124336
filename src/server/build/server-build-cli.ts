import { parseCli } from '../cli';

// `npm start`'s first step: compiles the server into dist/server when it is missing or older than its sources
// (about a second), so `node dist/server/main.js` that follows never runs stale code.
parseCli({
  name: 'build:server',
  about:
    'Compiles the server into dist/server (esbuild) when the build is missing or older than its sources; npm start\n' +
    'runs it first.',
  env: ['LOG_LEVEL: warn, error or silent print nothing'],
});

const { readConfig } = await import('../config');
const { buildServer, isServerBuildStale, SERVER_OUT_DIR } = await import('./server-bundle');

const root = process.cwd();
if (await isServerBuildStale(root)) {
  const t0 = Date.now();
  await buildServer(root);
  if (!['warn', 'error', 'silent'].includes(readConfig().logLevel))
    console.log(`compiled the server into ${SERVER_OUT_DIR} in ${Date.now() - t0} ms`);
}
