import { fail, parseCli, toolDatabase } from '../cli';
import type { Role } from './repositories/users';

// `npm run admin:create -- --email a@b.c --password '…' [--role admin|editor|user] [--tenant one.localhost …]`:
// makes (or resets) a console account on PGlite (DATA_DIR) or DATABASE_URL. An editor is granted the --tenant hosts.
// The password passes the rule every new password does (src/shared/rules/password.ts; issue 25).
const { values } = parseCli({
  name: 'admin:create',
  usage: "--email <address> --password '<password>' [--name <name>] [--role admin|editor|user] [--tenant <host>…]",
  about:
    'Makes a console account, or resets the password, role and name of an existing one. An editor is granted the\n' +
    'tenants named by --tenant (given once per host). The password must pass the rule of every new password.',
  options: {
    email: { type: 'string', value: '<address>', help: "the account's email (required)" },
    password: { type: 'string', value: "'<password>'", help: '12+ characters, not a common one (required)' },
    name: { type: 'string', value: '<name>', help: 'the name shown in the console' },
    role: { type: 'string', value: '<role>', default: 'admin', help: 'admin, editor or user' },
    tenant: { type: 'string', multiple: true, value: '<host>', help: "an editor's tenant, by one of its hosts" },
  },
  database: 'existing',
});

const { isValidEmail } = await import('../../shared/rules/email');
const { newPasswordProblem } = await import('../plugins/password-policy');

const email = (values.email ?? '').trim().toLowerCase();
if (!isValidEmail(email)) fail('admin:create', '--email must be a valid email address');
if (!['admin', 'editor', 'user'].includes(values.role)) fail('admin:create', '--role must be admin, editor or user');
const weak = await newPasswordProblem(values.password ?? '', email);
if (weak) fail('admin:create', `--password: ${weak}`);

const { readConfig } = await import('../config');
const { hashPassword } = await import('../lib/credentials');
const { migrate } = await import('./migrate');
const { grantTenants, tenantIdByHost, upsertSystemUser } = await import('./repositories/admin-users');

const { db } = await toolDatabase('admin:create', readConfig());
try {
  await migrate(db);
  const tenantIds: string[] = [];
  for (const host of values.tenant) {
    const id = await tenantIdByHost(db, host.trim().toLowerCase());
    if (!id) {
      await db.close();
      fail('admin:create', `no tenant serves host ${host}`);
    }
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
