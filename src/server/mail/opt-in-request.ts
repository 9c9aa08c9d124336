import { isDbUnavailable, type Db, type Queryable } from '../db/connect';
import { claimConfirmationMail, releaseConfirmationMail } from '../db/repositories/confirmation-throttle';
import type { SubscribeOutcome } from '../db/repositories/newsletter';
import type { Mailer } from './mailer';
import { sendOptInMail, type OptInList } from './opt-in';

// A newsletter sign-up or a store follow as one pipeline (issue 24): the sign-up and the throttle's claim in one
// transaction, then the one mail the claim allows. The caller answers the same whatever this returns, so the answer
// tells no one whether the address was new, pending or already confirmed.

export interface OptInRequest {
  domainId: string;
  /** Trimmed, lower case, valid. */
  email: string;
  list: OptInList;
  /** What the address signs up for, in the mail: "our weekly newsletter", "alerts about new Acme coupons". */
  what: string;
  /** The sign-up's own write (the subscription or follow row), run in the throttle's transaction. */
  signUp(tx: Queryable): Promise<{ outcome: SubscribeOutcome; token: string }>;
}

/** What went to the inbox: the confirmation, an "already subscribed" note, or nothing (throttled). For logs only. */
export type OptInMail = 'confirm' | 'already' | 'throttled';

/** The mail was due but could not be queued; its claim was given back. */
export class OptInMailError extends Error {
  override name = 'OptInMailError';
}

export async function requestOptIn(
  deps: { db: Db; mailer: Mailer; now: () => number },
  request: OptInRequest,
): Promise<OptInMail> {
  const at = deps.now();
  const { outcome, token, mayMail } = await deps.db.transaction(async (tx) => {
    const signedUp = await request.signUp(tx);
    return { ...signedUp, mayMail: await claimConfirmationMail(tx, request.email, at) };
  });
  if (!mayMail) return 'throttled';
  const confirmed = outcome === 'confirmed';
  try {
    const { domainId, email, list, what } = request;
    await sendOptInMail(deps.db, deps.mailer, { domainId, email, list, what, token, confirmed });
  } catch (err) {
    await releaseConfirmationMail(deps.db, request.email, at).catch(() => undefined);
    // The database gone between commit and queue: the usual 503 and message, as for any other call.
    if (isDbUnavailable(err)) throw err;
    throw new OptInMailError('the sign-up mail was not queued', { cause: err });
  }
  return confirmed ? 'already' : 'confirm';
}
