import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { responses } from '../api-schemas/common';
import { Answer, MessageAnswer } from '../../shared/contract/envelopes';
import { newId } from '../db/ids';
import { insertSession, insertUser, revokeSession } from '../db/repositories/users';
import { ApiError } from '../lib/api-error';
import { authenticate, signInUser } from '../plugins/auth';
import { hashPassword, newToken, tokenHash } from '../lib/credentials';
import { newPasswordProblem } from '../plugins/password-policy';
import { isValidEmail } from '../../shared/rules/email';
import type { RouteDeps } from './deps';

// System users: register, login (token + role), logout; sessions live server-side, tokens stored hashed.
const BLOCKED = 'user does not have access to the portal';
/**
 * Issue 24: register answers the same whether the email is new or taken, so it tells no one who has an account. It
 * sends no mail (system users belong to no tenant to mail from), so the text has to hold in both cases.
 */
export const REGISTERED =
  'If this email had no account, it has one now: sign in with it. ' +
  'An admin must make it an editor or admin before it can use the console.';
const SESSION_DAYS = 30;
const credentials = {
  email: { type: 'string', minLength: 3, maxLength: 320 },
  password: { type: 'string', minLength: 1, maxLength: 200 },
} as const;
const plain = responses(MessageAnswer);
const text = Type.Optional(Type.String());
const userSchema = Type.Object({ _id: text, email: text, name: text, role: text });

export async function systemUserRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  registerSignUp(app, deps);
  registerLogin(app, deps);
  registerSession(app, deps);
}

/** The forms' rate limit, per client IP. */
const formLimit = ({ forms }: RouteDeps['rateLimits']) => ({
  rateLimit: { max: forms.max, timeWindow: forms.timeWindow },
});

function registerSignUp(app: FastifyInstance, { db, rateLimits }: RouteDeps): void {
  app.post<{ Body: { email: string; password: string; name?: string } }>(
    '/system-user/register',
    {
      config: formLimit(rateLimits),
      schema: {
        tags: ['system users'],
        summary:
          'Register a system user (role "user"; password: 12+ characters, not a common one, not the email): the same answer for a new or taken email',
        body: {
          type: 'object',
          required: ['email', 'password'],
          properties: { ...credentials, name: { type: 'string', maxLength: 200 } },
        },
        response: { ...responses(Answer(userSchema)), 201: Answer(userSchema) },
      },
    },
    async (req, reply) => {
      const email = req.body.email.trim().toLowerCase();
      if (!isValidEmail(email)) throw new ApiError(400, 'Please provide a valid email address.');
      const weak = await newPasswordProblem(req.body.password, email);
      if (weak) throw new ApiError(400, weak);
      const user = {
        id: newId(),
        email,
        name: req.body.name?.trim() ?? '',
        role: 'user' as const,
        password_hash: await hashPassword(req.body.password),
      };
      // A taken email leaves its account as it is and gets the new one's answer, after the same hashing (same time).
      await insertUser(db, user);
      return reply.code(201).send({
        success: true,
        message: REGISTERED,
        data: { email, name: user.name, role: user.role },
      });
    },
  );
}

function registerLogin(app: FastifyInstance, { db, rateLimits }: RouteDeps): void {
  app.post<{ Body: { email: string; password: string } }>(
    '/system-user/login',
    {
      config: formLimit(rateLimits),
      schema: {
        tags: ['system users'],
        summary: 'Log in: data {token, role}; send the token as Authorization: Bearer <token>',
        body: { type: 'object', required: ['email', 'password'], properties: credentials },
        response: responses(Answer(Type.Object({ token: text, role: text }))),
      },
    },
    async (req) => {
      const user = await signInUser(db, req.body.email, req.body.password);
      const token = newToken();
      await insertSession(db, tokenHash(token), user.id, SESSION_DAYS);
      return { success: true, message: 'Logged in.', data: { token, role: user.role } };
    },
  );
}

/** The signed-in user's session: log out (under two URLs) and who it is. */
function registerSession(app: FastifyInstance, { db }: RouteDeps): void {
  const logout = async (req: Parameters<typeof authenticate>[1]) => {
    const { user, hash } = await authenticate(db, req);
    if (user.is_blocked) throw new ApiError(403, BLOCKED);
    await revokeSession(db, hash);
    return { success: true, message: 'Logged out.' };
  };
  const logoutSchema = { tags: ['system users'], summary: 'Log out (revokes the bearer token)', response: plain };
  app.get('/system-user/logout', { schema: logoutSchema }, logout);
  app.get('/users/logout', { schema: logoutSchema }, logout);

  app.get(
    '/system-user/me',
    {
      schema: {
        tags: ['system users'],
        summary: 'The signed-in user (bearer token)',
        response: responses(Answer(userSchema)),
      },
    },
    async (req) => {
      const { user } = await authenticate(db, req);
      return { success: true, data: { _id: user.id, email: user.email, name: user.name, role: user.role } };
    },
  );
}
