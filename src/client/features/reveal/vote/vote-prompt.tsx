import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { VoteTally } from '../../../../shared/contract/entities';
import type { VoteReason } from '../../../../shared/contract/values';
import { tallyText } from '../../../../shared/rules/verification-text';
import { castVote, sendVoteReason, voteErrorMessage } from './cast-vote';
import './vote-prompt.css';

export interface VotePromptProps {
  couponId: string;
  /** A code to copy ("Did this code work?") or a deal ("Did this deal work?"). */
  isCode: boolean;
  /** The shopper started answering (a redirect page pauses its countdown). */
  onEngage?: () => void;
  /** The calls, replaceable in tests. */
  send?: typeof castVote;
  sendReason?: typeof sendVoteReason;
}

const REASONS: readonly { value: VoteReason; label: string }[] = [
  { value: 'expired', label: 'Expired' },
  { value: 'needs_minimum', label: 'Needs a minimum spend' },
  { value: 'wrong_region', label: 'Not for my region' },
  { value: 'other', label: 'Other' },
];

/** A call the prompt makes: the vote itself, or the reason for a "No" already recorded. */
type Call = { vote: boolean } | { reason: VoteReason };
type State =
  | { step: 'ask' }
  | { step: 'reason'; tally: VoteTally }
  | { step: 'sending'; call: Call }
  | { step: 'done'; tally: VoteTally }
  | { step: 'error'; call: Call; message: string };

/**
 * Issue 13's "Did this code work?": Yes / No, each recorded the moment it is pressed (issue 26: a shopper who leaves
 * after "No" has still voted); after No an optional reason, sent as a note on that same vote; then the thanks and the
 * pooled tally; errors inline with a retry. Sits in VoteBox, whose reserved height holds every state, so nothing below
 * it moves.
 */
export function VotePrompt({
  couponId,
  isCode,
  onEngage,
  send = castVote,
  sendReason = sendVoteReason,
}: VotePromptProps) {
  const [state, setState] = useState<State>({ step: 'ask' });
  const [reason, setReason] = useState<VoteReason | ''>('');
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const answered = useRef(false);
  const noun = isCode ? 'code' : 'deal';

  // The pressed button disappears with its state: keep the keyboard user in the prompt (never on the first paint).
  // A layout effect, so focus moves in the same commit as the new state: no frame where it sits on <body>.
  useLayoutEffect(() => {
    if (answered.current) (box.current?.querySelector<HTMLElement>('[data-focus-here]') ?? box.current)?.focus();
    answered.current = true;
  }, [state.step]);

  const run = (call: Call) => {
    onEngage?.();
    setState({ step: 'sending', call });
    const sent =
      'vote' in call ? send({ coupon_id: couponId, worked: call.vote }) : sendReason({ coupon_id: couponId, ...call });
    sent.then(
      // A "No" is recorded: the reason is asked for next, and is optional.
      (tally) => setState('vote' in call && !call.vote ? { step: 'reason', tally } : { step: 'done', tally }),
      (error: unknown) => setState({ step: 'error', call, message: voteErrorMessage(error) }),
    );
  };
  const submitReason = (event: FormEvent, tally: VoteTally) => {
    event.preventDefault();
    // No reason picked: nothing more to send, the vote itself is in.
    if (reason) run({ reason });
    else setState({ step: 'done', tally });
  };

  let status = '';
  let body = null;
  if (state.step === 'sending') {
    status = 'vote' in state.call ? 'Sending your vote…' : 'Sending your answer…';
    body = (
      <p className="vote-question" tabIndex={-1} data-focus-here="">
        {'vote' in state.call ? `Did this ${noun} work?` : 'What went wrong?'}
      </p>
    );
  } else if (state.step === 'ask') {
    body = (
      <fieldset className="vote-fieldset">
        <legend className="vote-question">Did this {noun} work?</legend>
        <div className="vote-answers">
          <button type="button" className="btn btn-secondary vote-answer" onClick={() => run({ vote: true })}>
            Yes
          </button>
          <button type="button" className="btn btn-secondary vote-answer" onClick={() => run({ vote: false })}>
            No
          </button>
        </div>
      </fieldset>
    );
  } else if (state.step === 'reason') {
    const { tally } = state;
    status = `Thanks — your “No” is saved.`;
    body = (
      <form className="vote-reason-form" onSubmit={(e) => submitReason(e, tally)} aria-labelledby={`${id}-why`}>
        <fieldset className="vote-fieldset">
          <legend className="vote-question" id={`${id}-why`}>
            What went wrong? <span className="vote-optional">(optional)</span>
          </legend>
          <div className="vote-reasons">
            {REASONS.map((r, i) => (
              <label key={r.value} className="vote-reason">
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={r.value}
                  checked={reason === r.value}
                  onChange={() => setReason(r.value)}
                  data-focus-here={i === 0 ? '' : undefined}
                />
                {r.label}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn btn-primary vote-send">
          Send
        </button>
      </form>
    );
  } else if (state.step === 'done') {
    // Votes are checked before they show (issue 24: held back, capped per network, three networks before a rate).
    status = `Thanks — once checked, your vote shows on every site that lists this ${noun}.`;
    const { worked, failed } = state.tally;
    // Until three networks have voted the shown tally is empty: no "0 of 0".
    body =
      worked + failed > 0 ? (
        <p className="vote-tally" tabIndex={-1} data-focus-here="">
          {tallyText(worked, failed)}
        </p>
      ) : null;
  } else {
    status = state.message;
    const call = state.call;
    body = (
      <button type="button" className="btn btn-secondary vote-retry" data-focus-here="" onClick={() => run(call)}>
        Try again
      </button>
    );
  }

  return (
    <div
      ref={box}
      tabIndex={-1}
      className={`vote-prompt vote-prompt-${state.step}`}
      role="group"
      aria-label="Tell other shoppers whether it worked"
    >
      {body}
      <p
        className={`vote-status${state.step === 'error' ? ' vote-status-error' : ''}`}
        aria-live="polite"
        aria-atomic="true"
      >
        {status}
      </p>
    </div>
  );
}
