// Issue 24: which of a shopper's signals count for everyone else (votes, visit counts, A/B outcomes). Every request is
// assumed hostile: ids are the server's own (signed), counts are capped per network (./network.ts), and bursts are
// seen. Pure: the server passes what it read from the request and the database. Decision 021 gives the numbers' why.

/** Counted votes on one coupon per network per day, whatever the ids: one household or office is one voice. */
export const VOTE_NETWORK_DAILY_CAP = 2;
/** A coupon's votes show (rate, "Reported not working", "verified") only once this many networks have voted. */
export const MIN_RATED_NETWORKS = 3;
/** A new vote joins the shown tally this long after it was cast, so a burst can be judged before it shows. */
export const VOTE_HOLD_SECONDS = 10 * 60;
/** A vote counts only from an id the server issued at least this long before (decision 021). */
export const MIN_VOTER_ID_AGE_SECONDS = 60;
/** A reveal this recent (or a redirect) is what lets the id's vote on that coupon count. */
export const REVEAL_MEMORY_DAYS = 7;
/** Votes on one coupon from one network in an hour, counted or not, from which operators are alerted. */
export const VOTE_BURST = 5;

/** Counted reveals (or click-outs) of one coupon per network per day: what moves "top visited" and visit counts. */
export const VISIT_NETWORK_DAILY_CAP = 3;

/** An id whose first reveal or click-out came sooner than this after its first page is a machine's. */
export const MIN_HUMAN_OUTCOME_MS = 1_000;
/** New ids from one network on one experiment arm in an hour: past this, the rest are a burst (left out, alerted). */
export const EXPOSURE_BURST = 10;

/** Why a vote is stored but not counted; 'counted' when it counts. */
export type VoteStanding = 'counted' | 'automated' | 'no_id' | 'no_reveal' | 'id_too_new' | 'network_cap';

export interface VoteFacts {
  /** A prefetch, a preview, or a machine's user agent without an id (./automated.ts). */
  automated: boolean;
  /** Seconds since the server issued the request's id; null without a valid signed id. */
  idAgeSeconds: number | null;
  /** The server answered this id's reveal or redirect of the coupon (within REVEAL_MEMORY_DAYS) before the vote. */
  revealed: boolean;
  /** Counted votes on this coupon from the request's network in the last 24 h, the voter's own earlier one excluded. */
  networkCountedToday: number;
}

/** Whether a vote counts, and if not the first reason why (in this order). */
export function voteStanding(v: VoteFacts): VoteStanding {
  if (v.automated) return 'automated';
  if (v.idAgeSeconds === null || !Number.isFinite(v.idAgeSeconds)) return 'no_id';
  if (!v.revealed) return 'no_reveal';
  if (v.idAgeSeconds < MIN_VOTER_ID_AGE_SECONDS) return 'id_too_new';
  if (!(v.networkCountedToday < VOTE_NETWORK_DAILY_CAP)) return 'network_cap';
  return 'counted';
}

/** The counted votes as shoppers see them: nothing until MIN_RATED_NETWORKS networks have voted. */
export function shownVotes(worked: number, failed: number, networks: number): { worked: number; failed: number } {
  if (!(networks >= MIN_RATED_NETWORKS)) return { worked: 0, failed: 0 };
  return { worked, failed };
}

export interface VisitFacts {
  /** The request carried a valid signed id (a first visit's reveal counts from the next one on). */
  hasId: boolean;
  /** The id's first reveal (or click-out) of this coupon today. */
  firstToday: boolean;
  /** Counted reveals (or click-outs) of this coupon from the request's network today. */
  networkCountedToday: number;
}

/** Whether a reveal or click-out adds to the store's visit count (and to an experiment's outcomes). */
export function visitCounts(v: VisitFacts): boolean {
  return v.hasId && v.firstToday && v.networkCountedToday < VISIT_NETWORK_DAILY_CAP;
}

/** Why an experiment's report leaves a shopper out; 'kept' when it counts them. */
export type ReportStanding = 'kept' | 'never_returned' | 'machine_timing' | 'network_burst';

export interface ReportFacts {
  /** The browser sent the id back after the page that issued it (a page, a reveal, a click-out or a vote). */
  returned: boolean;
  /** Milliseconds from the id's first page on the experiment to its first reveal or click-out; null without one. */
  firstOutcomeAfterMs: number | null;
  /** How many ids from the same network first saw the same arm in the hour before this one (this one excluded). */
  networkNewIdsBefore: number;
}

/** Whether the experiment report counts a shopper, and if not the first reason why. */
export function reportStanding(f: ReportFacts): ReportStanding {
  if (!f.returned) return 'never_returned';
  if (f.firstOutcomeAfterMs !== null && f.firstOutcomeAfterMs < MIN_HUMAN_OUTCOME_MS) return 'machine_timing';
  if (!(f.networkNewIdsBefore < EXPOSURE_BURST)) return 'network_burst';
  return 'kept';
}
