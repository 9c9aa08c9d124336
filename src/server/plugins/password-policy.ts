import { passwordMessage, passwordProblem } from '../../shared/rules/password';

// Issue 25: every password set through the server (register, the first admin's setup, admin:create) passes the rule of
// src/shared/rules/password.ts against @zxcvbn-ts/language-common's 49,233 most common passwords. The list (~4 MB of
// heap) is imported at the first password set, not at start: most processes never set one.
let common: Promise<readonly string[]> | undefined;
const commonPasswords = (): Promise<readonly string[]> =>
  (common ??= import('@zxcvbn-ts/language-common').then((m) => m.dictionary['passwords-common']));

/** Words no password may be, beside the account's email. */
const PRODUCT_WORDS = ['dealdeck', 'dealdeck-admin', 'dealdeck-demo-admin'];

/** null when `password` may be set for the account `email`; else why not, as a sentence for the person setting it. */
export async function newPasswordProblem(password: string, email: string): Promise<string | null> {
  const list = await commonPasswords();
  const problem = passwordProblem(password, {
    isCommon: (word) => list.includes(word),
    personal: [email, email.split('@')[0] ?? '', ...PRODUCT_WORDS],
  });
  return problem && passwordMessage(problem);
}
