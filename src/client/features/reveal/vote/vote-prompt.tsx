import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { VoteTally } from '../../../../shared/contract/entities';
import type { VoteReason } from '../../../../shared/contract/values';
import { tallyText } from '../../../../shared/rules/verification-text';
import { castVote, voteErrorMessage } from './cast-vote';
import './vote-prompt.css';

export interface VotePromptProps {
  couponId: string;
  /** A code to copy ("Did this code work?") or a deal ("Did this deal work?"). */
  isCode: boolean;
  /** The shopper started answering (a redirect page pauses its countdown). */
  onEngage?: () => void;
  /** The call, replaceable in tests. */
  send?: typeof castVote;
}

const REASONS: readonly { value: VoteReason; label: string }[] = [
  { value: 'expired', label: 'Expired' },
  { value: 'needs_minimum', label: 'Needs a minimum spend' },
  { value: 'wrong_region', label: 'Not for my region' },
  { value: 'other', label: 'Other' },
];

type Vote = { worked: boolean; reason?: VoteReason };
type State =
  | { step: 'ask' }
  | { step: 'reason' }
  | { step: 'sending'; vote: Vote }
  | { step: 'done'; tally: VoteTally }
  | { step: 'error'; vote: Vote; message: string };

/**
 * Issue 13's "Did this code work?": Yes / No, on No an optional reason, then the thanks and the pooled tally; errors
 * inline with a retry. Sits in VoteBox, whose reserved height holds every state, so nothing below it moves.
 */
export function VotePrompt({ couponId, isCode, onEngage, send = castVote }: VotePromptProps) {
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

  const submit = (vote: Vote) => {
    onEngage?.();
    setState({ step: 'sending', vote });
    send({ coupon_id: couponId, ...vote }).then(
      (tally) => setState({ step: 'done', tally }),
      (error: unknown) => setState({ step: 'error', vote, message: voteErrorMessage(error) }),
    );
  };
  const sendReason = (event: FormEvent) => {
    event.preventDefault();
    submit(reason ? { worked: false, reason } : { worked: false });
  };

  let status = '';
  let body = null;
  if (state.step === 'sending') {
    status = 'Sending your vote…';
    body = (
      <p className="vote-question" tabIndex={-1} data-focus-here="">
        Did this {noun} work?
      </p>
    );
  } else if (state.step === 'ask') {
    body = (
      <fieldset className="vote-fieldset">
        <legend className="vote-question">Did this {noun} work?</legend>
        <div className="vote-answers">
          <button type="button" className="btn btn-secondary vote-answer" onClick={() => submit({ worked: true })}>
            Yes
          </button>
          <button
            type="button"
            className="btn btn-secondary vote-answer"
            onClick={() => {
              onEngage?.();
              setState({ step: 'reason' });
            }}
          >
            No
          </button>
        </div>
      </fieldset>
    );
  } else if (state.step === 'reason') {
    body = (
      <form className="vote-reason-form" onSubmit={sendReason} aria-labelledby={`${id}-why`}>
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
    const vote = state.vote;
    body = (
      <button type="button" className="btn btn-secondary vote-retry" data-focus-here="" onClick={() => submit(vote)}>
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
