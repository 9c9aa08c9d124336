// The miss path's floor (issue 27): React's own rendering of a page's tree with every answer it needs already in
// hand — the server-rendering bundle's renderPage in one pass, no network, no database, no compression — as many
// times as fit in `seconds`, on one thread. argv[2]: the path of a JSON file { ssrFile, url, bootstrap, seconds }.
// Run with NODE_ENV=production, as the server's render threads are.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const { ssrFile, url, bootstrap, seconds } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const { renderPage } = await import(pathToFileURL(ssrFile).href);
const transport = () => Promise.reject(new Error('the floor asks for no data'));
const once = () => renderPage({ url, bootstrap, transport, dataTimeoutMs: 1000 });
// Warm up the JIT and the lazy page modules first.
for (let i = 0; i < 30; i++) await once();
const first = await once();
let renders = 0;
const end = performance.now() + seconds * 1000;
const t0 = performance.now();
while (performance.now() < end) {
  await once();
  renders++;
}
const elapsed = (performance.now() - t0) / 1000;
process.stdout.write(JSON.stringify({ perSec: renders / elapsed, complete: first.complete, bytes: first.html.length }));
