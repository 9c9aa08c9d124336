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

/** The prompt's step, the reason picked, and the calls: each answer sent the moment it is given. */
function useVote({ couponId, onEngage, send = castVote, sendReason = sendVoteReason }: VotePromptProps) {
  const [state, setState] = useState<State>({ step: 'ask' });
  const [reason, setReason] = useState<VoteReason | ''>('');
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
  return { state, reason, setReason, run, submitReason };
}

type Vote = ReturnType<typeof useVote>;

/** What the live status line says in each step. */
function statusOf(state: State, noun: string): string {
  if (state.step === 'sending') return 'vote' in state.call ? 'Sending your vote…' : 'Sending your answer…';
  if (state.step === 'reason') return `Thanks — your “No” is saved.`;
  // Votes are checked before they show (issue 24: held back, capped per network, three networks before a rate).
  if (state.step === 'done') return `Thanks — once checked, your vote shows on every site that lists this ${noun}.`;
  if (state.step === 'error') return state.message;
  return '';
}

/**
 * Issue 13's "Did this code work?": Yes / No, each recorded the moment it is pressed (issue 26: a shopper who leaves
 * after "No" has still voted); after No an optional reason, sent as a note on that same vote; then the thanks and the
 * pooled tally; errors inline with a retry. Sits in VoteBox, whose reserved height holds every state, so nothing below
 * it moves.
 */
export function VotePrompt(props: VotePromptProps) {
  const vote = useVote(props);
  const { state } = vote;
  const box = useRef<HTMLDivElement>(null);
  const answered = useRef(false);
  const noun = props.isCode ? 'code' : 'deal';

  // The pressed button disappears with its state: keep the keyboard user in the prompt (never on the first paint).
  // A layout effect, so focus moves in the same commit as the new state: no frame where it sits on <body>.
  useLayoutEffect(() => {
    if (answered.current) (box.current?.querySelector<HTMLElement>('[data-focus-here]') ?? box.current)?.focus();
    answered.current = true;
  }, [state.step]);

  return (
    <div
      ref={box}
      tabIndex={-1}
      className={`vote-prompt vote-prompt-${state.step}`}
      role="group"
      aria-label="Tell other shoppers whether it worked"
    >
      <VoteBody vote={vote} noun={noun} />
      <p
        className={`vote-status${state.step === 'error' ? ' vote-status-error' : ''}`}
        aria-live="polite"
        aria-atomic="true"
      >
        {statusOf(state, noun)}
      </p>
    </div>
  );
}

/** The step's question, form, tally or retry. */
function VoteBody({ vote, noun }: { vote: Vote; noun: string }) {
  const { state, run } = vote;
  if (state.step === 'sending')
    return (
      <p className="vote-question" tabIndex={-1} data-focus-here="">
        {'vote' in state.call ? `Did this ${noun} work?` : 'What went wrong?'}
      </p>
    );
  if (state.step === 'ask')
    return (
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
  if (state.step === 'reason') return <ReasonForm vote={vote} tally={state.tally} />;
  if (state.step === 'done') {
    const { worked, failed } = state.tally;
    // Until three networks have voted the shown tally is empty: no "0 of 0".
    return worked + failed > 0 ? (
      <p className="vote-tally" tabIndex={-1} data-focus-here="">
        {tallyText(worked, failed)}
      </p>
    ) : null;
  }
  const call = state.call;
  return (
    <button type="button" className="btn btn-secondary vote-retry" data-focus-here="" onClick={() => run(call)}>
      Try again
    </button>
  );
}

/** After a "No": what went wrong (optional). */
function ReasonForm({ vote, tally }: { vote: Vote; tally: VoteTally }) {
  const id = useId();
  const { reason, setReason } = vote;
  return (
    <form className="vote-reason-form" onSubmit={(e) => vote.submitReason(e, tally)} aria-labelledby={`${id}-why`}>
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
}
