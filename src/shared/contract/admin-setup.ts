import { Type, type Static } from '@sinclair/typebox';
import { PASSWORD_MAX_LENGTH } from '../rules/password';

// Issue 25: POST /api/admin/setup (ADMIN_SETUP_PATH, src/shared/console/accounts.ts), the first admin of a database
// that has none, set up from the one-time link the server prints at start (/admin#setup=<token>).

export const FirstAdminSetup = Type.Object(
  {
    token: Type.String({ minLength: 20, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' }),
    email: Type.String({ minLength: 3, maxLength: 320 }),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
    name: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type FirstAdminSetup = Static<typeof FirstAdminSetup>;

export const FirstAdmin = Type.Object({
  _id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  role: Type.Literal('admin'),
});
export type FirstAdmin = Static<typeof FirstAdmin>;
