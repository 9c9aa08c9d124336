import type { Verification } from '../../../shared/contract/entities';
import { compactVerificationText } from '../../../shared/rules/verification-text';

/**
 * Issue 13 on the home cards, where room is short: "82% worked", "Not yet verified", "Reported not working". No time in
 * it, so no clock: the same words on the server and in the browser.
 */
export function VerificationBadge({ verification }: { verification: Verification | undefined }) {
  if (!verification) return null;
  const { tone, text } = compactVerificationText(verification);
  return (
    <p className="deal-verification deal-verification-compact">
      <span className={`verification-pill verification-${tone}`}>
        {tone === 'good' && <span aria-hidden="true">✓ </span>}
        {text}
      </span>
    </p>
  );
}
