import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configVariables } from '../../../src/server/config';
import { SERVER_ENV } from '../../../src/server/memory';

// Issue 17 part 5: CI builds neither image, but compose.yaml must parse and set only what the server reads
// (configVariables: the names readConfig reads), or a typo'd variable would silently do nothing in production.
interface Service {
  build?: unknown;
  image?: string;
  environment?: Record<string, string> | string[];
  depends_on?: unknown;
  volumes?: string[];
  ports?: unknown[];
}
const compose = parse(readFileSync('compose.yaml', 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  'x-app-defaults'?: Record<string, string>;
};
const services = compose.services;
const appServices = Object.entries(services).filter(([, s]) => s.build !== undefined);
const envNames = (s: Service): string[] =>
  Array.isArray(s.environment) ? s.environment.map((e) => e.split('=')[0]!) : Object.keys(s.environment ?? {});

describe('compose.yaml', () => {
  it('runs three app instances, PostgreSQL, Redis and a load balancer', () => {
    const instances = appServices.filter(([name]) => /^app\d$/.test(name));
    expect(instances.map(([name]) => name)).toEqual(['app1', 'app2', 'app3']);
    expect(services.postgres?.image).toMatch(/^postgres:/);
    expect(services.redis?.image).toMatch(/^redis:/);
    expect(services.lb?.image).toMatch(/^caddy:/);
  });

  it('names exactly the variables the server reads: set on the app services or listed as left at their default', () => {
    const read = new Set(configVariables());
    const defaults = Object.keys(compose['x-app-defaults'] ?? {});
    expect(
      defaults.filter((v) => !read.has(v)),
      'x-app-defaults lists variables src/server/config.ts never reads',
    ).toEqual([]);
    for (const [name, service] of appServices) {
      const set = envNames(service);
      expect(set.length, name).toBeGreaterThan(0);
      expect(
        set.filter((v) => !read.has(v)),
        `${name} sets variables src/server/config.ts never reads`,
      ).toEqual([]);
      // The other way: a variable the server reads that compose.yaml neither sets nor lists is a decision not made.
      expect(
        [...read].filter((v) => !set.includes(v) && !defaults.includes(v)),
        `${name}: variables src/server/config.ts reads that compose.yaml neither sets nor lists in x-app-defaults`,
      ).toEqual([]);
      expect(
        set.filter((v) => defaults.includes(v)),
        `${name} sets variables x-app-defaults says are left alone`,
      ).toEqual([]);
      // The shared parts are on: one database, one Redis, layouts from the database, client IPs from the proxy.
      expect(service.environment, name).toMatchObject({
        DATABASE_URL: expect.stringMatching(/^postgres:\/\/.+@postgres:5432\//),
        REDIS_URL: expect.stringMatching(/^redis:\/\/redis:6379/),
        LAYOUTS_SOURCE: 'db',
        TRUST_PROXY: '1',
      });
    }
  });

  it('puts Caddy alone in front of the instances and lets no client name its own IP (TRUST_PROXY=1)', () => {
    // A hop count trusts whoever connects: only Caddy may reach the instances, so none publishes a port.
    for (const [name, service] of appServices) expect(service.ports, `${name} publishes a port`).toBeUndefined();
    expect(services.lb?.ports).toEqual(['8080:80']);
    // Without trusted_proxies Caddy replaces, rather than appends to, the X-Forwarded-For a client sent it.
    const caddy = readFileSync('deploy/Caddyfile', 'utf8').replace(/#.*$/gm, '');
    expect(caddy).not.toMatch(/trusted_proxies|header_up\s+\S*X-Forwarded/i);
  });

  it("balances over every app instance on the port they listen on, and the image's ENV is read too", () => {
    const caddy = readFileSync('deploy/Caddyfile', 'utf8');
    const volume = services.lb?.volumes?.find((v) => v.includes('Caddyfile'));
    expect(volume).toMatch(/^\.\/deploy\/Caddyfile:/);
    const upstreams = /reverse_proxy\s+([^{]+)\{/.exec(caddy)?.[1]?.trim().split(/\s+/);
    const port = (services.app1?.environment as Record<string, string>).PORT;
    expect(upstreams).toEqual(['app1', 'app2', 'app3'].map((n) => `${n}:${port}`));

    const dockerfile = readFileSync('Dockerfile', 'utf8');
    const envs = [...dockerfile.matchAll(/^ENV\s+(.+)$/gm)].flatMap((m) =>
      m[1]!.split(/\s+/).map((kv) => kv.split('=')[0]!),
    );
    expect(envs.filter((v) => !configVariables().includes(v) && !(v in SERVER_ENV))).toEqual([]);
    for (const [name, value] of Object.entries(SERVER_ENV))
      expect(dockerfile, `the image sets ${name} as npm start does`).toMatch(
        new RegExp(`^ENV\\s+${name}=${value}$`, 'm'),
      );
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    // The image runs what `npm start` runs last (the compiled server with its heap flags), without npm in between.
    const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
    const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(dockerfile)?.[1];
    expect(cmd, 'an exec-form CMD').toBeDefined();
    const run = start
      .split('&&')
      .at(-1)!
      .trim()
      .split(/\s+/)
      .filter((word) => !/^[A-Z_]+=/.test(word));
    expect((JSON.parse(cmd!) as string[]).join(' ')).toBe(run.join(' '));
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
  });
});
