import type { Answer } from '../../../../shared/contract/envelopes';
import type { VoteReasonRequest, VoteRequest, VoteTally } from '../../../../shared/contract/entities';
import { votePath, voteReasonPath } from '../../../../shared/contract/queries/votes';
import { extractErrorMessage } from '../../../../shared/rules/error-message';
import { ApiError, request } from '../../../api/http';

export const TOO_MANY_VOTES = 'Too many votes from your connection — try again in a minute.';
export const VOTE_NOT_SENT = 'Your vote could not be sent.';

/**
 * POST /api/end-user/coupon/vote (issue 13): one shopper's "did it work?"; answers the coupon's pooled tally. Sent with
 * keepalive: a shopper who answers and leaves the page at once still has their vote recorded (issue 26).
 */
export async function castVote(vote: VoteRequest): Promise<VoteTally> {
  const answer = await request<Answer<VoteTally>>(votePath, { method: 'POST', body: vote, keepalive: true });
  if (!answer || answer.success === false || !answer.data) throw new ApiError(VOTE_NOT_SENT, 200, answer);
  return answer.data;
}

/** POST /api/end-user/coupon/vote/reason (issue 26): why it did not work, on the shopper's own "No" already sent. */
export async function sendVoteReason(body: VoteReasonRequest): Promise<VoteTally> {
  const answer = await request<Answer<VoteTally>>(voteReasonPath, { method: 'POST', body });
  if (!answer || answer.success === false || !answer.data) throw new ApiError(VOTE_NOT_SENT, 200, answer);
  return answer.data;
}

/** What the prompt says when a vote failed: the rate limit in words, else the server's message (SPEC §8 rule). */
export function voteErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return TOO_MANY_VOTES;
  // Only the server's body counts: "Failed to fetch" means nothing to a shopper.
  return extractErrorMessage({ body: error instanceof ApiError ? error.body : null }, VOTE_NOT_SENT);
}
