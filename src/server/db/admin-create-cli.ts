import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { hashPassword } from '../plugins/auth';
import { newPasswordProblem } from '../plugins/password-policy';
import { isValidEmail } from '../../shared/rules/email';
import { connectDb } from './connect';
import { migrate } from './migrate';
import { grantTenants, tenantIdByHost, upsertSystemUser } from './repositories/admin-users';
import type { Role } from './repositories/users';

// `npm run admin:create -- --email a@b.c --password '…' [--role admin|editor|user] [--tenant one.localhost …]`:
// makes (or resets) a console account on PGlite (DATA_DIR) or DATABASE_URL. An editor is granted the --tenant hosts.
// The password passes the rule every new password does (src/shared/rules/password.ts; issue 25).
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', default: 'admin' },
    tenant: { type: 'string', multiple: true, default: [] },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const email = (values.email ?? '').trim().toLowerCase();
if (!isValidEmail(email)) fail('--email must be a valid email address');
if (!['admin', 'editor', 'user'].includes(values.role)) fail('--role must be admin, editor or user');
const weak = await newPasswordProblem(values.password ?? '', email);
if (weak) fail(`--password: ${weak}`);

const config = readConfig();
const db = await connectDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  const tenantIds: string[] = [];
  for (const host of values.tenant) {
    const id = await tenantIdByHost(db, host.trim().toLowerCase());
    if (!id) fail(`no tenant serves host ${host}`);
    tenantIds.push(id);
  }
  const id = await upsertSystemUser(db, {
    email,
    passwordHash: await hashPassword(values.password!),
    role: values.role as Role,
    name: values.name ?? '',
  });
  await grantTenants(db, id, tenantIds);
  console.log(`${values.role} ${email} is ready${tenantIds.length ? ` (tenants: ${values.tenant.join(', ')})` : ''}.`);
} finally {
  await db.close();
}
