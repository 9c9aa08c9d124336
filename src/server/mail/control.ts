import { chmod, unlink } from 'node:fs/promises';
import { unlinkSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Db } from '../db/connect';
import { databaseTenants } from '../layouts/database-tenants';
import {
  alertsCommand,
  digestCommand,
  outboxCommand,
  type AlertsCommand,
  type DigestCommand,
  type OutboxCommand,
} from './commands';
import type { MailQueue } from './queue';

// On PGlite the server is the one process that may open the data directory, so `npm run digest`, `npm run alerts`,
// `npm run mail:outbox` and `npm run layouts:check` cannot open it beside a running server (two PGlite instances on
// one directory overwrite each other's pages). The server listens on a Unix socket in the data directory (mode 0600:
// whoever may use it could open the database files anyway) and runs their commands for the CLIs, on its own database
// and queue (layouts:check only asks for the tenants). Without a server answering there, the CLIs open the directory
// themselves.

export const CONTROL_SOCKET = 'mail.sock';

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, CONTROL_SOCKET);
}

export type ControlRequest =
  | { command: 'digest'; args: DigestCommand }
  | { command: 'alerts'; args: AlertsCommand }
  | { command: 'outbox'; args: OutboxCommand }
  | { command: 'tenants' };
/** `data`: what a command answers besides its lines (tenants: the sites, for layouts:check). */
type Answer = { lines: string[]; code: number; data?: unknown };

export async function startMailControl(
  dataDir: string,
  db: Db,
  queue: MailQueue,
  opts: { layoutsDir: string; smtp: boolean },
): Promise<{ close(): Promise<void> }> {
  const socket = controlSocketPath(dataDir);
  // A socket left by a server that did not shut down: nothing answers there any more.
  await unlink(socket).catch(() => undefined);
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const lines: string[] = [];
      const print = (line: string) => lines.push(line);
      let data: unknown;
      void (async (): Promise<number> => {
        const r = JSON.parse(body) as ControlRequest;
        if (req.method !== 'POST') return 2;
        if (r.command === 'digest') return digestCommand(db, queue, opts, r.args, print);
        if (r.command === 'alerts') return alertsCommand(db, queue, opts, r.args, print);
        if (r.command === 'outbox') return outboxCommand(db, r.args, print);
        if (r.command === 'tenants') {
          data = await databaseTenants(db);
          return 0;
        }
        print('unknown command');
        return 2;
      })()
        .catch((err: unknown) => {
          print(err instanceof Error ? err.message : String(err));
          return 1;
        })
        .then((code) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ lines, code, data } satisfies Answer));
        });
    });
  });
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  await chmod(socket, 0o600);
  server.unref();
  const gone = () => {
    try {
      unlinkSync(socket);
    } catch {
      // already removed
    }
  };
  process.once('exit', gone);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        process.off('exit', gone);
        server.close(() => resolve());
        gone();
      }),
  };
}

/**
 * Runs a command in the server that holds `dataDir` open; null when no server answers there (none running, or a stale
 * socket), and the caller opens the directory itself.
 */
export async function askServer(dataDir: string, request: ControlRequest): Promise<Answer | null> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath: controlSocketPath(dataDir),
        method: 'POST',
        path: '/',
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(body) as Answer);
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED' || err.code === 'ENOTSOCK') resolve(null);
      else reject(err);
    });
    req.end(JSON.stringify(request));
  });
}
