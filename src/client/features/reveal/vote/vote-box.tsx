import { lazy, Suspense } from 'react';
import type { Coupon } from '../../../../shared/contract/entities';
import { hasCode } from '../../../components/deals/coupon-fields';
import type { VotePromptProps } from './vote-prompt';
import './vote-box.css';

// The prompt is shown after a reveal, never on a first load: its code is a chunk of its own (out of the home's budget).
const VotePrompt = lazy(() => import('./vote-prompt').then((m) => ({ default: m.VotePrompt })));

/**
 * Issue 13's "Did this code work?" in a box whose height is reserved from the first paint: the prompt (loaded lazily,
 * once the coupon is known) and each of its states fill the same box, so nothing around it moves.
 */
export function VoteBox({
  coupon,
  onEngage,
}: { coupon: Coupon | null | undefined } & Pick<VotePromptProps, 'onEngage'>) {
  return (
    <div className="vote-box">
      {coupon && (
        <Suspense fallback={null}>
          <VotePrompt key={coupon._id} couponId={coupon._id} isCode={hasCode(coupon)} onEngage={onEngage} />
        </Suspense>
      )}
    </div>
  );
}
