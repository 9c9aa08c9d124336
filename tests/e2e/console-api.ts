import http from 'node:http';
import { port } from './helpers';

// The console's API from Node (issue 25): it answers on the console's own host only (ADMIN_HOST, admin.localhost
// here), which Node's resolver does not know, so calls go to 127.0.0.1 with that Host header.
export const ADMIN_HOST = 'admin.localhost';
export const DEMO_ADMIN = { email: 'admin@dealdeck.localhost', password: 'dealdeck-demo-admin' };

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** A call as an API client (bearer token) or as the console's page (its cookie and CSRF token). */
export function consoleCall<T = unknown>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  o: { token?: string; cookie?: string; csrf?: string; body?: unknown; host?: string; localAddress?: string } = {},
): Promise<Answer<T>> {
  const data = o.body === undefined ? undefined : JSON.stringify(o.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        ...(o.localAddress ? { localAddress: o.localAddress } : {}),
        headers: {
          host: `${o.host ?? ADMIN_HOST}:${port}`,
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
          ...(o.cookie ? { cookie: o.cookie } : {}),
          ...(o.csrf ? { 'x-csrf-token': o.csrf } : {}),
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: the text itself
          }
          resolve({ status: res.statusCode ?? 0, body: body as T });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/**
 * An API client's bearer token for the demo admin (SPEC's /system-user/login). Logins are rate-limited per IP: the API
 * client signs in from 127.0.0.3, so the browser's own sign-ins (127.0.0.1) keep their allowance.
 */
export async function adminToken(): Promise<string> {
  const res = await consoleCall<{ data: { token: string } }>('POST', '/system-user/login', {
    body: DEMO_ADMIN,
    host: 'localhost',
    localAddress: '127.0.0.3',
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

/** The tenant id of a host, as the console's API lists tenants. */
export async function tenantId(token: string, host: string): Promise<string> {
  const res = await consoleCall<{ data: { _id: string; hosts: string[] }[] }>('GET', '/api/admin/tenants', { token });
  const found = res.body.data.find((t) => t.hosts.includes(host));
  if (!found) throw new Error(`no tenant at ${host}`);
  return found._id;
}

/** The query of an operator's preview (?layout=…&at=…&grant=…) of one tenant's pages. */
export async function previewQuery(token: string, host: string, what: { layout?: string; at?: string }) {
  const res = await consoleCall<{ data: { query: string } }>('POST', '/api/admin/preview-grants', {
    token,
    body: { tenant: await tenantId(token, host), ...what },
  });
  if (res.status !== 200) throw new Error(`preview grant: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.query;
}
