import { useAtomValue } from 'jotai';
import type { Verification } from '../../../shared/contract/entities';
import { verificationText } from '../../../shared/rules/verification-text';
import { minuteClockAtom } from './minute-clock';

/**
 * Issue 13 on the full deal cards: "Worked for 14 of 17 · last worked 2 h ago", "Not yet verified" or "Reported not
 * working" in a pill coloured by tone. Reads the minute clock, whose first value is the instant the server drew the
 * page at, so the server's words and the hydrating browser's are the same.
 */
export function VerificationLine({ verification }: { verification: Verification | undefined }) {
  const now = useAtomValue(minuteClockAtom);
  if (!verification) return null;
  const { tone, label, lastWorked } = verificationText(verification, new Date(now));
  return (
    <p className="deal-verification">
      <span className={`verification-pill verification-${tone}`}>
        {label}
        {lastWorked && (
          <>
            {' · last worked '}
            <time dateTime={lastWorked.at}>{lastWorked.ago}</time>
          </>
        )}
      </span>
    </p>
  );
}
