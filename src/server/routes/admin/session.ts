import type { FastifyInstance, FastifyReply } from 'fastify';
import { ConsoleSession, ConsoleSignIn } from '../../../shared/contract/admin';
import { Answer, MessageAnswer } from '../../../shared/contract/envelopes';
import { responses } from '../../api-schemas/common';
import type { Db } from '../../db/connect';
import { insertConsoleSession, revokeSession, revokeUserSessions } from '../../db/repositories/users';
import { ApiError } from '../../lib/api-error';
import { CONSOLE_COOKIE, signInUser } from '../../plugins/auth';
import { newToken, tokenHash } from '../../lib/credentials';
import type { RateLimits } from '../deps';
import { operatorOf } from './guard';

// The console's own sign-in (issue 25): a session in an HttpOnly, SameSite=Strict cookie on ADMIN_HOST (Secure over
// https), never a token a script can read; every write it makes carries the CSRF token these answers hand out, which
// the page keeps in memory only. Ends 12 h after sign-in, or 30 min after the last request; "sign out everywhere" ends
// every session of the account. SPEC's /system-user/login (bearer tokens for API clients) is unchanged.
export const CONSOLE_SESSION = { hours: 12, idleMinutes: 30 } as const;
/** The CSRF secret's cookie (@fastify/csrf-protection), beside the session's. */
export const CSRF_COOKIE = 'dd_console_csrf';

const cookieOptions = { path: '/', httpOnly: true, sameSite: 'strict', secure: 'auto' } as const;

function clearCookies(reply: FastifyReply): void {
  reply.clearCookie(CONSOLE_COOKIE, cookieOptions).clearCookie(CSRF_COOKIE, cookieOptions);
}

export async function consoleSessionRoutes(
  app: FastifyInstance,
  { db, rateLimits }: { db: Db; rateLimits: RateLimits },
): Promise<void> {
  const tags = ['admin: session'];
  app.post<{ Body: ConsoleSignIn }>(
    '/session',
    {
      config: { public: true, rateLimit: { max: rateLimits.forms.max, timeWindow: rateLimits.forms.timeWindow } },
      schema: {
        tags,
        summary:
          "Sign in to the console: sets the HttpOnly session cookie and answers the CSRF token for the page's writes",
        body: ConsoleSignIn,
        response: responses(Answer(ConsoleSession)),
      },
    },
    async (req, reply) => {
      const user = await signInUser(db, req.body.email, req.body.password);
      if (user.role !== 'admin' && user.role !== 'editor')
        throw new ApiError(403, 'Your account has no access to the console.');
      const token = newToken();
      const hash = tokenHash(token);
      await insertConsoleSession(db, hash, user.id, CONSOLE_SESSION);
      reply.setCookie(CONSOLE_COOKIE, token, { ...cookieOptions, maxAge: CONSOLE_SESSION.hours * 3600 });
      const csrf = reply.generateCsrf({ ...cookieOptions, userInfo: hash });
      return { success: true, data: { email: user.email, role: user.role, csrf } };
    },
  );

  app.get(
    '/session',
    {
      schema: {
        tags,
        summary: "The console's signed-in operator and a CSRF token for this page (401 when signed out)",
        response: responses(Answer(ConsoleSession)),
      },
    },
    async (req, reply) => {
      const op = operatorOf(req);
      if (op.session.via !== 'cookie') throw new ApiError(400, "This answers the console's cookie session only.");
      const csrf = reply.generateCsrf({ ...cookieOptions, userInfo: op.session.hash });
      return { success: true, data: { email: op.email, role: op.role, csrf } };
    },
  );

  app.delete(
    '/session',
    { schema: { tags, summary: 'Sign out of this console session', response: responses(MessageAnswer) } },
    async (req, reply) => {
      await revokeSession(db, operatorOf(req).session.hash);
      clearCookies(reply);
      return { success: true, message: 'Signed out.' };
    },
  );

  app.delete(
    '/sessions',
    {
      schema: {
        tags,
        summary: "Sign out everywhere: ends every session of the operator's account (console and API tokens)",
        response: responses(MessageAnswer),
      },
    },
    async (req, reply) => {
      const ended = await revokeUserSessions(db, operatorOf(req).id);
      clearCookies(reply);
      return { success: true, message: `Signed out everywhere (${ended} session${ended === 1 ? '' : 's'} ended).` };
    },
  );
}
