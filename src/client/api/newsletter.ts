import { atomWithMutation } from 'jotai-tanstack-query';
import type { MessageAnswer } from '../../shared/contract/envelopes';
import { subscribePath } from '../../shared/contract/queries/newsletter';
import { ApiError, request } from './http';

export type SubscribeAnswer = MessageAnswer;

/** POST /end-user/newsletter/email-subscribe {email_id} (SPEC §7); a 2xx with success:false is an error too. */
export async function subscribeNewsletter(email: string): Promise<SubscribeAnswer> {
  const answer = await request<SubscribeAnswer>(subscribePath, { method: 'POST', body: { email_id: email } });
  if (!answer || answer.success === false) throw new ApiError(answer?.message ?? 'Subscription failed', 200, answer);
  return answer;
}

/** One mutation atom per newsletter block, so two blocks on a page keep their own status. */
export function createNewsletterMutationAtom() {
  return atomWithMutation<SubscribeAnswer, string, unknown>(() => ({
    mutationKey: ['newsletter', 'subscribe'],
    mutationFn: subscribeNewsletter,
  }));
}
