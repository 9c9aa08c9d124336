import { databasePlace, hasPglite } from '../cli';
import type { ServerConfig } from '../config';
import { DEMO_TENANTS, databaseTenants } from './database-tenants';
import type { KnownTenant } from './serving';

// The sites layouts:check checks `tenants` and schedules against: those of the database the tools are pointed at
// (DATABASE_URL, else the PGlite of DATA_DIR, read through the running server when it holds that directory), so a
// tenant created in the console is known. Only when there is no database (CI's fresh clone), or it holds no site yet,
// are the demo tenants used, and the reason is printed on stderr. A database that cannot be read is an error (Unreadable),
// not a reason to check against the demo tenants.

export interface KnownTenants {
  source: 'database' | 'demo';
  tenants: KnownTenant[];
}

/** The database is configured or present but cannot be read; the message is one line. */
export class Unreadable extends Error {}

export async function knownTenants(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
  note: (line: string) => void,
): Promise<KnownTenants> {
  const place = databasePlace(config);
  if (!config.databaseUrl && !hasPglite(config.dataDir)) {
    note(`the demo tenants are used (no database: DATABASE_URL is not set and ${place} holds none)`);
    return DEMO;
  }
  const tenants = await readTenants(config, place);
  if (tenants.length > 0) return { source: 'database', tenants };
  note(`the demo tenants are used (${place} holds no site yet)`);
  return DEMO;
}

async function readTenants(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>, place: string) {
  if (!config.databaseUrl) {
    const { askServer } = await import('../mail/control');
    const answer = await askServer(config.dataDir, { command: 'tenants' }).catch(() => null);
    if (answer && answer.code === 0) return answer.data as KnownTenant[];
  }
  const { connectDb } = await import('../db/connect');
  try {
    const db = await connectDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      return await databaseTenants(db);
    } finally {
      await db.close();
    }
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause;
    throw new Unreadable(
      `cannot read the tenants of ${place}: ${(cause instanceof Error ? cause : (err as Error)).message}`,
    );
  }
}

const DEMO: KnownTenants = { source: 'demo', tenants: [...DEMO_TENANTS] };
