import path from 'node:path';

// Server settings from the environment (see src/server/routes/README.md for the list).
export interface ServerConfig {
  port: number;
  /** undefined: dual-stack '::' (so localhost → ::1 works), falling back to 0.0.0.0 without IPv6. */
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  layoutsDir: string;
  clientDir: string;
  rootDir: string;
  /** Newsletter subscriptions per client IP per minute. */
  newsletterPerMinute: number;
  /** smtp://user:pass@host:port or smtps://…; absent: mail stays in the outbox table (npm run mail:outbox). */
  smtpUrl: string | undefined;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const rootDir = process.cwd();
  const port = Number(env.PORT ?? 8080);
  return {
    port: Number.isInteger(port) && port >= 0 && port < 65536 ? port : 8080,
    host: env.HOST || undefined,
    dataDir: path.resolve(rootDir, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    layoutsDir: path.resolve(rootDir, env.LAYOUTS_DIR ?? 'layouts'),
    clientDir: path.resolve(rootDir, env.CLIENT_DIR ?? 'dist/client'),
    rootDir,
    newsletterPerMinute: positive(env.NEWSLETTER_PER_MINUTE, 10),
    smtpUrl: env.SMTP_URL || undefined,
  };
}

function positive(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw !== undefined && Number.isInteger(n) && n > 0 ? n : fallback;
}
