import { hashPassword } from '../../lib/credentials';
import type { Queryable } from '../connect';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, upsertSystemUser } from '../repositories/admin-users';

/** The demo seed's console admin (docs/console.md); its password is a fixed, documented demo value. */
export async function seedDemoAdmin(db: Queryable): Promise<void> {
  await upsertSystemUser(db, {
    email: DEMO_ADMIN_EMAIL,
    passwordHash: await hashPassword(DEMO_ADMIN_PASSWORD),
    role: 'admin',
    name: 'Demo admin',
  });
}

export const demoAdminLine = (): string =>
  `Operator console: /admin — demo admin ${DEMO_ADMIN_EMAIL} / password ${DEMO_ADMIN_PASSWORD}`;
