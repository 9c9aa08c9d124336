import path from 'node:path';
import { feedKeyProblem } from './lib/secret-box';
import { VOTE_HOLD_SECONDS } from '../shared/rules/signals';
import { NO_PROXY, parseTrustedProxies, type TrustedProxies } from './trusted-proxies';

/** The shortest secret that may sign shopper ids (SHOPPER_ID_SECRETS). */
export const MIN_SECRET_LENGTH = 32;

// Server settings from the environment: the one place the server reads process.env (tests/unit/server/config-env
// checks it, and compose.yaml may only set what readConfig reads). Every variable is read on every call, so reading
// through a recording proxy lists them all.
export type LayoutsSource = 'files' | 'db';

export interface ServerConfig {
  port: number;
  /** `npm run dev`'s port (PORT when set, else Vite's 5173). */
  devPort: number;
  /** undefined: dual-stack '::' (so localhost → ::1 works), falling back to 0.0.0.0 without IPv6. */
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** TRUST_PROXY: a hop count or the proxies' addresses (client IP and scheme from X-Forwarded-*); none when unset. */
  trustProxy: TrustedProxies;
  layoutsDir: string;
  clientDir: string;
  rootDir: string;
  /** Newsletter subscriptions per client IP per minute. */
  newsletterPerMinute: number;
  /** Contact messages, sign-ins and registrations per client IP per minute, each (FORMS_PER_MINUTE, default 10). */
  formsPerMinute: number;
  /** "Did this code work?" votes per client IP per minute (VOTES_PER_MINUTE, default 10). */
  votesPerMinute: number;
  /** Reveals (record-visit) and click-outs per client IP per minute, each (SIGNALS_PER_MINUTE, default 30). */
  signalsPerMinute: number;
  /** Answers drawn afresh (response-cache misses) per client network per minute (MISSES_PER_MINUTE, default 300). */
  missesPerMinute: number;
  /** redis://… — when set, rate limits and cache invalidation are shared by every instance using it. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel (several deployments or test runs can share one Redis). */
  redisPrefix: string;
  /** Where published layout documents come from: the layouts directory (default) or the database. */
  layoutsSource: LayoutsSource;
  /** LAYOUTS_SOURCE=db without Redis: how often the published version is polled (ms). */
  layoutsPollMs: number;
  /** Worker threads drawing documents (0: in the main thread). */
  renderThreads: number;
  /**
   * The NODE_ENV the render threads run with: NODE_ENV when set, else 'production', so React's production build draws
   * the pages (several times faster) while the main thread keeps NODE_ENV as deployed (it decides demo mode).
   */
  renderNodeEnv: string;
  /** MEMORY_REPORT=1 (the bench): on SIGUSR2 the server prints what its memory is made of. */
  memoryReport: boolean;
  /** smtp://user:pass@host:port or smtps://…; absent: mail stays in the outbox table (npm run mail:outbox). */
  smtpUrl: string | undefined;
  /** Origin of the links in mails; {host} is the tenant's first host (default https://{host}). */
  mailLinkOrigin: string;
  /** SHOPPER_ID_SECRETS, comma-separated: the first signs shopper ids, every one verifies (rotation); empty: kept in the database. */
  shopperSecrets: string[];
  /** ADMIN_HOST: the console's own host, the only one serving /admin and /api/admin (default admin.localhost). */
  adminHost: string;
  /** VOTE_HOLD_SECONDS: how long a new vote waits before it joins the shown tally (default 600). */
  voteHoldSeconds: number;
  /**
   * DEMO=1: an empty database gets the demo data and the demo admin. Default on only for PGlite outside
   * NODE_ENV=production; off: no account until the first admin is set up (docs/decisions/023-no-default-password.md).
   */
  demo: boolean;
  /** FEED_SECRET_KEY: encrypts the feeds' credentials (64 hex characters or a passphrase of 16+; docs/feeds.md). */
  feedSecretKey: string | undefined;
  /** FEED_SYNC_PACE: a feed sync rests this many times each batch's time (default: 1 on PostgreSQL, 3 on PGlite). */
  feedSyncPace: number | undefined;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const rootDir = process.cwd();
  const rawPort = env.PORT;
  const port = Number(rawPort ?? 8080);
  const validPort = Number.isInteger(port) && port >= 0 && port < 65536;
  const source = env.LAYOUTS_SOURCE;
  return {
    port: validPort ? port : 8080,
    devPort: rawPort !== undefined && validPort ? port : 5173,
    host: env.HOST || undefined,
    dataDir: path.resolve(rootDir, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: trustedProxies(env.TRUST_PROXY),
    layoutsDir: path.resolve(rootDir, env.LAYOUTS_DIR ?? 'layouts'),
    clientDir: path.resolve(rootDir, env.CLIENT_DIR ?? 'dist/client'),
    rootDir,
    newsletterPerMinute: positive(env.NEWSLETTER_PER_MINUTE, 10),
    formsPerMinute: positive(env.FORMS_PER_MINUTE, 10),
    votesPerMinute: positive(env.VOTES_PER_MINUTE, 10),
    signalsPerMinute: positive(env.SIGNALS_PER_MINUTE, 30),
    missesPerMinute: positive(env.MISSES_PER_MINUTE, 300),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'dd:',
    layoutsSource: source === 'db' ? 'db' : 'files',
    layoutsPollMs: positive(env.LAYOUTS_POLL_MS, 5_000),
    renderThreads: renderThreads(env.RENDER_THREADS),
    renderNodeEnv: env.NODE_ENV || 'production',
    memoryReport: env.MEMORY_REPORT === '1',
    smtpUrl: env.SMTP_URL || undefined,
    mailLinkOrigin: env.MAIL_LINK_ORIGIN || 'https://{host}',
    shopperSecrets: (env.SHOPPER_ID_SECRETS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    voteHoldSeconds: whole(env.VOTE_HOLD_SECONDS, VOTE_HOLD_SECONDS),
    adminHost: (env.ADMIN_HOST || 'admin.localhost').trim().toLowerCase(),
    demo: demoMode(env),
    feedSecretKey: env.FEED_SECRET_KEY?.trim() || undefined,
    feedSyncPace: pace(env.FEED_SYNC_PACE),
  };
}

function pace(raw: string | undefined): number | undefined {
  const n = Number(raw);
  return raw !== undefined && raw !== '' && Number.isFinite(n) && n >= 0 && n <= 20 ? n : undefined;
}

/** A LAYOUTS_SOURCE other than 'files' or 'db' is a start-up error, not a silent default. */
export function configProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  const source = env.LAYOUTS_SOURCE;
  if (source !== undefined && source !== '' && source !== 'files' && source !== 'db')
    problems.push(`LAYOUTS_SOURCE must be "files" or "db", not "${source}"`);
  const proxies = parseTrustedProxies(env.TRUST_PROXY);
  if ('problem' in proxies) problems.push(proxies.problem);
  if (env.REDIS_URL && !/^rediss?:\/\//.test(env.REDIS_URL))
    problems.push('REDIS_URL must start with redis:// or rediss://');
  if (
    env.ADMIN_HOST &&
    !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(env.ADMIN_HOST.trim())
  )
    problems.push('ADMIN_HOST must be a host name without scheme or port, e.g. admin.example.com');
  const secrets = (env.SHOPPER_ID_SECRETS ?? '').split(',').map((s) => s.trim());
  if (env.SHOPPER_ID_SECRETS && secrets.some((s) => s.length < MIN_SECRET_LENGTH))
    problems.push(`SHOPPER_ID_SECRETS: each comma-separated secret needs at least ${MIN_SECRET_LENGTH} characters`);
  if (env.DEMO && !DEMO_VALUES.has(env.DEMO)) problems.push(`DEMO must be 1 or 0 (true or false), not "${env.DEMO}"`);
  const feedKey = env.FEED_SECRET_KEY?.trim();
  if (feedKey && feedKeyProblem(feedKey)) problems.push(feedKeyProblem(feedKey)!);
  if (!feedKey && env.NODE_ENV === 'production')
    problems.push('FEED_SECRET_KEY must be set in production (openssl rand -hex 32): it encrypts the feed credentials');
  const feedPace = env.FEED_SYNC_PACE;
  if (feedPace && !(Number(feedPace) >= 0 && Number(feedPace) <= 20))
    problems.push(`FEED_SYNC_PACE must be a number from 0 to 20, not "${feedPace}"`);
  return problems;
}

/** The names of every environment variable readConfig reads (what compose.yaml may set). */
export function configVariables(): string[] {
  const seen = new Set<string>();
  const recorder = new Proxy({} as NodeJS.ProcessEnv, {
    get: (_target, name) => {
      if (typeof name === 'string') seen.add(name);
      return undefined;
    },
  });
  readConfig(recorder);
  configProblems(recorder);
  return [...seen].sort();
}

/** A TRUST_PROXY configProblems refuses trusts no proxy here (the CLIs read the config without that check). */
function trustedProxies(raw: string | undefined): TrustedProxies {
  const proxies = parseTrustedProxies(raw);
  return 'problem' in proxies ? NO_PROXY : proxies;
}

const DEMO_VALUES = new Map([
  ['1', true],
  ['true', true],
  ['0', false],
  ['false', false],
]);

/** DEMO when set; else the embedded database of a developer's machine is a demo, a deployment is not. */
function demoMode(env: NodeJS.ProcessEnv): boolean {
  const asked = env.DEMO ? DEMO_VALUES.get(env.DEMO) : undefined;
  const deployed = Boolean(env.DATABASE_URL) || env.NODE_ENV === 'production';
  return asked ?? !deployed;
}

function whole(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw !== undefined && raw !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
}

function positive(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw !== undefined && Number.isInteger(n) && n > 0 ? n : fallback;
}

/** RENDER_THREADS: a whole number 0–16; default 1 (one thread beside the main one, which keeps HTTP, cache and database). */
function renderThreads(raw: string | undefined): number {
  const n = Number(raw);
  return raw !== undefined && raw !== '' && Number.isInteger(n) && n >= 0 && n <= 16 ? n : 1;
}
