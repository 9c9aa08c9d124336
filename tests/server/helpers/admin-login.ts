import type { FastifyInstance } from 'fastify';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../../src/server/db/repositories/admin-users';
import { postJson } from './test-app';

/** The demo seed's admin signed in (SPEC's login): its bearer token for /api/admin/… calls. */
export async function demoAdminToken(app: FastifyInstance): Promise<string> {
  const login = await postJson<{ token: string }>(app, '/system-user/login', {
    email: DEMO_ADMIN_EMAIL,
    password: DEMO_ADMIN_PASSWORD,
  });
  return login.body.data.token;
}
