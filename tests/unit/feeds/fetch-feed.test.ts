import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeedCredentials } from '../../../src/shared/contract/feeds';
import { FeedFetchError, fetchFeed, type FetchFeedOptions } from '../../../src/server/feeds/fetch-feed';

// Issue 30: every feed is fetched through fetchFeed; here against real local HTTP servers (127.0.0.1, port 0).

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void;
interface Served {
  base: string;
  seen: { url: string; authorization: string | undefined }[];
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: Handler): Promise<Served> {
  const seen: Served['seen'] = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    handler(req, res, seen.length);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const NONE: FeedCredentials = { auth: 'none' };
const SECRET = 's3cr3t-Tok3n_value';
const fast = (more: Partial<FetchFeedOptions> = {}): FetchFeedOptions => ({
  auth: NONE,
  backoffMs: 1,
  timeoutMs: 2_000,
  ...more,
});

async function text(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function failure(work: Promise<unknown>): Promise<FeedFetchError> {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(FeedFetchError);
    return error as FeedFetchError;
  }
  throw new Error('expected a FeedFetchError');
}

const ok =
  (body = 'offer_id,title\n1,20% off\n'): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv' });
    res.end(body);
  };

describe('fetchFeed: credentials', () => {
  it('sends a bearer token, Basic credentials and a query secret as the auth says', async () => {
    const server = await serve(ok());
    await text((await fetchFeed(`${server.base}/b`, fast({ auth: { auth: 'bearer', secret: SECRET } }))).body);
    const basic = { auth: 'basic', name: 'IRxyz123', secret: 'p@ss:wörd' } as const;
    await text((await fetchFeed(`${server.base}/c`, fast({ auth: basic }))).body);
    const query = { auth: 'query', name: 'token', secret: 'a&b=c d' } as const;
    await text((await fetchFeed(`${server.base}/q?format=csv`, fast({ auth: query }))).body);
    const [bearer, basicSeen, querySeen] = server.seen;
    expect(bearer!.authorization).toBe(`Bearer ${SECRET}`);
    expect(basicSeen!.authorization).toBe(`Basic ${Buffer.from('IRxyz123:p@ss:wörd').toString('base64')}`);
    const params = new URL(querySeen!.url, server.base).searchParams;
    expect(params.get('token')).toBe('a&b=c d');
    expect(params.get('format')).toBe('csv');
    expect(querySeen!.authorization).toBeUndefined();
  });

  it('refuses a URL that is not http(s), or carries a user name, before any request', async () => {
    for (const url of ['ftp://feeds.example/x.csv', 'file:///etc/passwd', 'javascript:alert(1)'])
      expect((await failure(fetchFeed(url, fast()))).message).toMatch(/must start with http:\/\/ or https:\/\//);
    expect((await failure(fetchFeed('not a url', fast()))).message).toMatch(/not a valid address/);
    expect((await failure(fetchFeed(`http://u:${SECRET}@127.0.0.1/`, fast()))).message).not.toContain(SECRET);
  });
});

describe('fetchFeed: retries', () => {
  it('retries a 500 and succeeds', async () => {
    const server = await serve((req, res, n) => (n === 1 ? res.writeHead(500).end() : ok('fine')(req, res, n)));
    const feed = await fetchFeed(`${server.base}/f`, fast());
    expect(await text(feed.body)).toBe('fine');
    expect(server.seen).toHaveLength(2);
  });

  it('retries when the connection drops before an answer', async () => {
    const server = await serve((req, res, n) => (n === 1 ? req.socket.destroy() : ok('fine')(req, res, n)));
    expect(await text((await fetchFeed(`${server.base}/f`, fast())).body)).toBe('fine');
    expect(server.seen).toHaveLength(2);
  });

  it('gives up on a 503 that lasts, with the status and the attempts in the message', async () => {
    const server = await serve((_req, res) => res.writeHead(503).end('busy'));
    const error = await failure(fetchFeed(`${server.base}/f`, fast({ retries: 2 })));
    expect(error.message).toMatch(/HTTP 503.*gave up after 3 attempts/);
    expect(error.status).toBe(503);
    expect(server.seen).toHaveLength(3);
  });

  it('does not retry refused credentials or a missing feed', async () => {
    const server = await serve((req, res) => res.writeHead(req.url === '/gone' ? 404 : 401).end());
    const refused = await failure(fetchFeed(`${server.base}/f`, fast()));
    expect(refused.message).toMatch(/^the network refused the credentials \(HTTP 401\)/);
    const missing = await failure(fetchFeed(`${server.base}/gone`, fast()));
    expect(missing.message).toMatch(/^the feed URL was not found \(HTTP 404\)/);
    expect(server.seen).toHaveLength(2);
  });

  it('waits as long as a 429 says before trying again', async () => {
    const server = await serve((req, res, n) =>
      n === 1 ? res.writeHead(429, { 'retry-after': '1' }).end() : ok('fine')(req, res, n),
    );
    const started = Date.now();
    expect(await text((await fetchFeed(`${server.base}/f`, fast())).body)).toBe('fine');
    // backoffMs is 1: only Retry-After explains a second's wait.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(server.seen).toHaveLength(2);
  });

  it('times out a server that never answers', async () => {
    const server = await serve(() => undefined);
    const error = await failure(fetchFeed(`${server.base}/f`, fast({ timeoutMs: 150, retries: 1 })));
    expect(error.message).toMatch(/did not answer within 0\.15 s; gave up after 2 attempts/);
    expect(server.seen).toHaveLength(2);
  });

  it('stops at once when the caller aborts', async () => {
    const server = await serve(() => undefined);
    const controller = new AbortController();
    const fetching = fetchFeed(`${server.base}/f`, fast({ signal: controller.signal, timeoutMs: 60_000 }));
    const reason = new Error('the sync was cancelled');
    controller.abort(reason);
    await expect(fetching).rejects.toBe(reason);
  });
});

describe('fetchFeed: the body', () => {
  it('errors the body when the server stalls mid-stream, without a new request', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.write('offer_id,title\n1,first\n');
    });
    const feed = await fetchFeed(`${server.base}/f`, fast({ timeoutMs: 150 }));
    await expect(text(feed.body)).rejects.toThrow(/stopped sending for 0\.15 s/);
    expect(server.seen).toHaveLength(1);
  });

  it('errors the body when the connection breaks mid-stream, without a new request', async () => {
    const server = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.write('offer_id,title\n1,first\n', () => req.socket.destroy());
    });
    const feed = await fetchFeed(`${server.base}/f`, fast());
    const error = await text(feed.body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeedFetchError);
    expect((error as Error).message).toMatch(/broke off/);
    expect(server.seen).toHaveLength(1);
  });

  it('counts only the server’s silences: a reader that pauses longer than timeoutMs still gets the whole body', async () => {
    const big = Buffer.alloc(4 * 1024 * 1024, 'z'); // more than the socket and stream buffers hold: the server waits
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end(big);
    });
    const feed = await fetchFeed(`${server.base}/f`, fast({ timeoutMs: 100 }));
    let read = 0;
    let paused = false;
    for await (const chunk of feed.body) {
      read += (chunk as Buffer).length;
      if (!paused) {
        paused = true;
        // eslint-disable-next-line no-restricted-syntax -- a slow consumer, not a wait: the pause is the scenario
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
    expect(read).toBe(big.length);
  });

  it('stops a download that outlasts the total cap, however steadily it trickles', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      const drip = setInterval(() => res.write('1,deal\n'), 20);
      res.on('close', () => clearInterval(drip));
    });
    const feed = await fetchFeed(`${server.base}/f`, fast({ timeoutMs: 200, totalTimeoutMs: 400 }));
    await expect(text(feed.body)).rejects.toThrow(/took longer than 0\.4 s/);
  });

  it('errors past maxBytes and tears the response down', async () => {
    let closed!: () => void;
    const torn = new Promise<void>((resolve) => (closed = resolve));
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      const chunk = Buffer.alloc(16 * 1024, 'x');
      let open = true;
      res.on('close', () => {
        open = false;
        closed();
      });
      const more = () => {
        while (open && res.write(chunk));
      };
      res.on('drain', more);
      more();
    });
    const feed = await fetchFeed(`${server.base}/f`, fast({ maxBytes: 100_000 }));
    await expect(text(feed.body)).rejects.toThrow(/^the feed is larger than 0\.095 MB/);
    await torn;
    expect(feed.bytes()).toBeLessThanOrEqual(100_000 + 64 * 1024);
  });

  it('unzips a .gz body by its type or its first bytes, and counts the decoded bytes', async () => {
    const csv = 'offer_id,title\n' + Array.from({ length: 500 }, (_, i) => `${i},deal ${i}\n`).join('');
    const server = await serve((req, res) => {
      const type = req.url === '/typed' ? 'application/gzip' : 'application/octet-stream';
      res.writeHead(200, { 'content-type': type });
      res.end(gzipSync(csv));
    });
    for (const path of ['/typed', '/sniffed']) {
      const feed = await fetchFeed(`${server.base}${path}`, fast());
      expect(await text(feed.body)).toBe(csv);
      expect(feed.bytes()).toBe(Buffer.byteLength(csv));
    }
  });

  it('reads a gzip Content-Encoding once, whatever the Content-Type says', async () => {
    const csv = 'offer_id,title\n1,20% off\n';
    const server = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-gzip', 'content-encoding': 'gzip' });
      // /twice: a .gz file sent with Content-Encoding gzip as well (fetch undoes one, fetchFeed the other).
      res.end(req.url === '/twice' ? gzipSync(gzipSync(csv)) : gzipSync(csv));
    });
    expect(await text((await fetchFeed(`${server.base}/once`, fast())).body)).toBe(csv);
    expect(await text((await fetchFeed(`${server.base}/twice`, fast())).body)).toBe(csv);
  });

  it('errors the body of a damaged gzip file', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/gzip' });
      res.end(Buffer.concat([gzipSync('offer_id\n1\n').subarray(0, 12), Buffer.from('garbage-garbage')]));
    });
    const feed = await fetchFeed(`${server.base}/f`, fast());
    await expect(text(feed.body)).rejects.toThrow(/damaged gzip file/);
  });

  it('reads an empty answer as an empty body', async () => {
    const server = await serve((_req, res) => res.writeHead(204).end());
    expect(await text((await fetchFeed(`${server.base}/f`, fast())).body)).toBe('');
  });
});

describe('fetchFeed: redirects', () => {
  it('follows a redirect to another host, without the credentials', async () => {
    const other = await serve(ok('moved here'));
    const first = await serve((_req, res) => res.writeHead(302, { location: `${other.base}/cdn/feed.csv` }).end());
    const feed = await fetchFeed(`${first.base}/f`, fast({ auth: { auth: 'bearer', secret: SECRET } }));
    expect(await text(feed.body)).toBe('moved here');
    expect(first.seen[0]!.authorization).toBe(`Bearer ${SECRET}`);
    expect(other.seen).toEqual([{ url: '/cdn/feed.csv', authorization: undefined }]);
  });

  it('keeps the credentials on a redirect within the same origin', async () => {
    const server = await serve((req, res, n) =>
      req.url === '/old' ? res.writeHead(301, { location: '/new' }).end() : ok('here')(req, res, n),
    );
    const feed = await fetchFeed(`${server.base}/old`, fast({ auth: { auth: 'bearer', secret: SECRET } }));
    expect(await text(feed.body)).toBe('here');
    expect(server.seen.map((s) => [s.url, s.authorization])).toEqual([
      ['/old', `Bearer ${SECRET}`],
      ['/new', `Bearer ${SECRET}`],
    ]);
  });

  it('refuses a redirect to another scheme, and an endless chain', async () => {
    const server = await serve((req, res) =>
      req.url === '/ftp'
        ? res.writeHead(302, { location: 'ftp://files.example/feed.csv' }).end()
        : res.writeHead(307, { location: `/loop${req.url}` }).end(),
    );
    expect((await failure(fetchFeed(`${server.base}/ftp`, fast()))).message).toMatch(/redirected to a ftp: address/);
    expect((await failure(fetchFeed(`${server.base}/x`, fast()))).message).toMatch(/redirected more than 5 times/);
    expect(server.seen).toHaveLength(1 + 6);
  });
});

describe('fetchFeed: the secret stays secret', () => {
  it('never shows a query or bearer secret in an error, the URL showing *** instead', async () => {
    const closed = await serve(() => undefined);
    const deadPort = closed.base;
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const server = await serve((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/401') return void res.writeHead(401).end();
      if (path === '/503') return void res.writeHead(503).end();
      if (path === '/stall') return void res.writeHead(200).write('a,b\n');
      if (path === '/big') return void res.writeHead(200).end(Buffer.alloc(5000, 'y'));
    });
    const auths: FeedCredentials[] = [
      { auth: 'query', name: 'token', secret: SECRET },
      { auth: 'bearer', secret: SECRET },
    ];
    const errors: FeedFetchError[] = [];
    for (const auth of auths) {
      const opts = fast({ auth, timeoutMs: 150, retries: 1, maxBytes: 1000 });
      for (const path of ['/401', '/503', '/silent'])
        errors.push(await failure(fetchFeed(`${server.base}${path}`, opts)));
      errors.push(await failure(fetchFeed(`${deadPort}/f?${SECRET}`, opts)));
      for (const path of ['/stall', '/big']) {
        const feed = await fetchFeed(`${server.base}${path}`, opts);
        errors.push(await failure(text(feed.body)));
      }
    }
    expect(errors).toHaveLength(12);
    for (const error of errors) {
      for (const shown of [error.message, String(error.stack), JSON.stringify(error), error.url ?? ''])
        expect(shown).not.toContain(SECRET);
    }
    expect(errors[0]!.message).toMatch(/token=\*\*\*/);
  });
});
