import http from 'node:http';
import { port } from './helpers';

/** GET the e2e server's API from Node as a tenant (Node cannot resolve *.localhost: connect to 127.0.0.1, send the host). */
export function apiGet<T>(tenantHost: string, path: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, headers: { 'domain-name': tenantHost, accept: 'application/json' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => {
          if ((res.statusCode ?? 500) >= 400)
            reject(new Error(`${path}: HTTP ${res.statusCode} ${body.slice(0, 200)}`));
          else resolve(JSON.parse(body) as T);
        });
      },
    );
    req.on('error', reject);
  });
}

/** GET a page's HTML document as a browser on `tenantHost` would (Host header, port included), from Node. */
export function documentGet(tenantHost: string, path: string): Promise<{ status: number; html: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, headers: { host: `${tenantHost}:${port}`, accept: 'text/html' } },
      (res) => {
        let html = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (html += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, html }));
      },
    );
    req.on('error', reject);
  });
}
