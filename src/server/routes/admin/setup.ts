import type { FastifyInstance } from 'fastify';
import { FirstAdmin, FirstAdminSetup } from '../../../shared/contract/admin-setup';
import { ADMIN_SETUP_PATH } from '../../../shared/console/accounts';
import { AdminAnswer } from '../../../shared/contract/admin';
import { isValidEmail } from '../../../shared/rules/email';
import { responses } from '../../api-schemas/common';
import type { Db } from '../../db/connect';
import { newId } from '../../db/ids';
import { createFirstAdmin, type FirstAdminOutcome } from '../../db/repositories/admin-setup';
import { ApiError } from '../../lib/api-error';
import { hashPassword, tokenHash } from '../../lib/credentials';
import { newPasswordProblem } from '../../plugins/password-policy';

// Issue 25: the first admin, from the one-time token the server printed at start (src/server/first-admin.ts). The token
// is this route's credential, so it sits outside the console's bearer-token scope; it works once, and not at all once
// an admin exists. The new admin then signs in as any other.
const REFUSALS: Record<Exclude<FirstAdminOutcome, 'created'>, [number, string]> = {
  'invalid-token': [
    403,
    'This setup link does not work: it was used, has expired or was never issued. Restart the server for a new one, ' +
      'or run npm run admin:create.',
  ],
  'admin-exists': [409, 'An admin account exists already: sign in, or ask an admin for an account.'],
  'email-taken': [409, 'A user with this email already exists; choose another email.'],
};

export async function adminSetupRoutes(app: FastifyInstance, db: Db): Promise<void> {
  app.post<{ Body: FirstAdminSetup }>(
    ADMIN_SETUP_PATH,
    {
      // Guessing a 256-bit token is hopeless; the limit keeps argon2 hashing from being a lever.
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ['admin: setup'],
        summary: 'Set up the first admin with the one-time token the server printed at start (no account needed)',
        body: FirstAdminSetup,
        response: { ...responses(AdminAnswer(FirstAdmin)), 201: AdminAnswer(FirstAdmin) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const email = req.body.email.trim().toLowerCase();
      if (!isValidEmail(email)) throw new ApiError(400, 'Please provide a valid email address.');
      const weak = await newPasswordProblem(req.body.password, email);
      if (weak) throw new ApiError(400, weak);
      const user = {
        id: newId(),
        email,
        name: req.body.name?.trim() ?? '',
        password_hash: await hashPassword(req.body.password),
      };
      const outcome = await createFirstAdmin(db, tokenHash(req.body.token), user);
      if (outcome !== 'created') throw new ApiError(...REFUSALS[outcome]);
      req.log.warn({ email }, 'first admin set up with the one-time setup link');
      return reply.code(201).send({
        success: true,
        message: 'Admin account created: sign in with it.',
        data: { _id: user.id, email, name: user.name, role: 'admin' as const },
      });
    },
  );
}
