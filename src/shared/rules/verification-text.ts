import { isReportedNotWorking, isVerified, successRate } from './verification';

// Issue 13: what a deal card says about shoppers' votes. Pure and time-explicit (`now` is an argument), so the server
// and the hydrating browser write the same words for the same instant (the cards pass the page's render time first).

/** The counted votes of a coupon, as the contract's Verification (and VoteTally) carries them. */
export interface VoteCounts {
  worked: number;
  failed: number;
  last_worked_at: string | null;
}

/** good: passes the Verified filter; unverified: no votes; reported: Reported not working; mixed: anything else. */
export type VerificationTone = 'good' | 'mixed' | 'unverified' | 'reported';

export interface VerificationText {
  tone: VerificationTone;
  /** "Worked for 14 of 17", "Not yet verified" or "Reported not working". */
  label: string;
  /** When the label is a tally and a vote said it worked: the instant (for <time dateTime>) and "2 h ago". */
  lastWorked: { at: string; ago: string } | null;
  /** The whole line: label, then " · last worked 2 h ago" when lastWorked. */
  text: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const count = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/** "just now" (under a minute, or a clock slightly ahead), "N min ago", "N h ago", "N d ago"; null for a bad instant. */
export function timeAgo(at: string | null | undefined, now: Date): string | null {
  if (!at) return null;
  const then = new Date(at).getTime();
  if (Number.isNaN(then) || Number.isNaN(now.getTime())) return null;
  const ago = Math.max(0, now.getTime() - then);
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  return `${Math.floor(ago / DAY)} d ago`;
}

/** "Worked for 14 of 17": the tally of counted votes. */
export function tallyText(worked: number, failed: number): string {
  return `Worked for ${count(worked)} of ${count(worked) + count(failed)}`;
}

/** The tone of a coupon's votes: the card's pill colour. */
export function verificationTone(votes: Pick<VoteCounts, 'worked' | 'failed'>): VerificationTone {
  const worked = count(votes.worked);
  const failed = count(votes.failed);
  if (worked + failed === 0) return 'unverified';
  if (isReportedNotWorking(worked, failed)) return 'reported';
  return isVerified(worked, failed) ? 'good' : 'mixed';
}

/** The deal card line: "Worked for 14 of 17 · last worked 2 h ago", "Not yet verified" or "Reported not working". */
export function verificationText(votes: VoteCounts, now: Date): VerificationText {
  const tone = verificationTone(votes);
  if (tone === 'unverified') return { tone, label: 'Not yet verified', lastWorked: null, text: 'Not yet verified' };
  if (tone === 'reported')
    return { tone, label: 'Reported not working', lastWorked: null, text: 'Reported not working' };
  const label = tallyText(votes.worked, votes.failed);
  const ago = count(votes.worked) > 0 ? timeAgo(votes.last_worked_at, now) : null;
  const lastWorked = ago && votes.last_worked_at ? { at: votes.last_worked_at, ago } : null;
  return { tone, label, lastWorked, text: lastWorked ? `${label} · last worked ${lastWorked.ago}` : label };
}

/** The home cards' short badge: "82% worked", "Worked for 2 of 2" (under 3 votes), "Not yet verified", "Reported not working". */
export function compactVerificationText(votes: Pick<VoteCounts, 'worked' | 'failed'>): {
  tone: VerificationTone;
  text: string;
} {
  const tone = verificationTone(votes);
  if (tone === 'unverified') return { tone, text: 'Not yet verified' };
  if (tone === 'reported') return { tone, text: 'Reported not working' };
  const worked = count(votes.worked);
  const failed = count(votes.failed);
  // From the counts, not success_rate: the percentage and the colour can never disagree.
  const rate = successRate(worked, failed);
  return { tone, text: rate === null ? tallyText(worked, failed) : `${rate}% worked` };
}
