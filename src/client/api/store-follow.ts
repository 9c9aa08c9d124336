import type { MessageAnswer } from '../../shared/contract/envelopes';
import { followStorePath } from '../../shared/contract/queries/store-follow';
import type { FollowStoreRequest } from '../../shared/contract/store-follow';
import { ApiError, request } from './http';

/** POST /api/end-user/store/follow {email_id, store_id}: a confirmation mail, then daily alerts (issue 14). */
export async function followStore(body: FollowStoreRequest): Promise<MessageAnswer> {
  const answer = await request<MessageAnswer>(followStorePath, { method: 'POST', body });
  if (!answer || answer.success === false)
    throw new ApiError(answer?.message ?? 'Could not follow the store', 200, answer);
  return answer;
}
