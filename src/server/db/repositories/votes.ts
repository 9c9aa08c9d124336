import type { Db, Queryable } from '../connect';
import type { VoteTally } from '../../../shared/contract/entities';
import type { VoteReason } from '../../../shared/contract/values';
import { successRate } from '../../../shared/rules/verification';
import { REVEAL_MEMORY_DAYS, shownVotes, voteStanding, type VoteStanding } from '../../../shared/rules/signals';
import { iso } from '../rows';

// "Did this code work?" votes (issues 13 and 24): every vote is kept per coupon and tenant with its network and why it
// counts or not (coupon_votes); the counted ones, once settled (VOTE_HOLD_SECONDS after they were cast), make up the
// coupon's pooled tally (coupon_verification), recomputed from the votes in the vote's own transaction and by
// settleVotes. Shoppers see it only once three networks have voted (shownVotes).

/** A shopper votes once per coupon per this window; a later vote in it replaces the first. */
export const VOTE_WINDOW = '24 hours';

export interface VoteInput {
  couponId: string;
  domainId: string;
  /** sha256 of the signed id (of a random one when the request had no valid id: such a vote never counts). */
  voter: string;
  /** sha256 of IP + user agent. */
  client: string;
  /** 'voter' with a valid signed id; 'client' without one (the vote of the same IP + user agent is replaced). */
  dedupeBy: 'voter' | 'client';
  worked: boolean;
  /** Only with worked: false (the route refuses it otherwise; the table's CHECK too). */
  reason: VoteReason | null;
  /** A prefetch, preview or machine (src/shared/rules/automated.ts). */
  automated: boolean;
  /** Seconds since the server issued the id; null without a valid one. */
  idAgeSeconds: number | null;
  /** The client's network (src/shared/rules/network.ts). */
  network: string;
  /** How long a vote waits before it joins the shown tally. */
  holdSeconds: number;
}

export interface VoteOutcome {
  tally: VoteTally;
  standing: VoteStanding;
  /** Votes on this coupon from this network in the last hour, this one included (counted or not). */
  networkLastHour: number;
}

interface VoteRow {
  id: string;
}

interface TallyRow {
  worked: number;
  failed: number;
  networks: number;
  last_worked_at: Date | string | null;
}

const lock = (tx: Queryable, key: string) => tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);

/**
 * Records one vote and answers the coupon's shown tally, or null when the tenant does not list the coupon. One
 * transaction: the shopper's earlier vote on this coupon in the last 24 h (by signed id, else by IP + user agent) is
 * replaced, so a shopper is never counted twice. Locks, always in this order: the shopper's (their concurrent votes),
 * the network's (its daily cap), the tally's (the recompute sees every earlier vote).
 */
export async function castVote(db: Db, v: VoteInput): Promise<VoteOutcome | null> {
  return db.transaction(async (tx) => {
    const listed = await tx.query<{ id: string }>(
      `SELECT c.id FROM coupons c JOIN domain_stores ds ON ds.store_id = c.store_id AND ds.domain_id = $1
       WHERE c.id = $2 AND NOT c.is_paused`,
      [v.domainId, v.couponId],
    );
    if (listed.length === 0) return null;

    const key = v.dedupeBy === 'voter' ? v.voter : v.client;
    await lock(tx, `vote\n${v.couponId}\n${v.dedupeBy}\n${key}`);
    await lock(tx, `vote-network\n${v.couponId}\n${v.network}`);
    const earlier = (
      await tx.query<VoteRow>(
        `SELECT id::text AS id FROM coupon_votes
         WHERE coupon_id = $1 AND ${v.dedupeBy === 'voter' ? 'voter' : 'client'} = $2
           AND created_at > now() - $3::interval
         ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
        [v.couponId, key, VOTE_WINDOW],
      )
    )[0];
    const facts = (
      await tx.query<{ revealed: boolean; network_counted: number }>(
        `SELECT EXISTS (
             SELECT 1 FROM shopper_events WHERE shopper = $1 AND coupon_id = $2
               AND day >= (now() AT TIME ZONE 'UTC')::date - $3::int) AS revealed,
           (SELECT count(*) FROM coupon_votes WHERE coupon_id = $2 AND network = $4 AND counted
               AND updated_at > now() - $5::interval AND id <> coalesce($6::bigint, -1))::int AS network_counted`,
        [v.voter, v.couponId, REVEAL_MEMORY_DAYS, v.network, VOTE_WINDOW, earlier?.id ?? null],
      )
    )[0]!;
    const standing = voteStanding({
      automated: v.automated,
      idAgeSeconds: v.dedupeBy === 'voter' ? v.idAgeSeconds : null,
      revealed: facts.revealed,
      networkCountedToday: Number(facts.network_counted),
    });
    const counted = standing === 'counted';

    if (earlier) {
      // Keyed by IP + user agent, the row takes this request's voter too.
      await tx.query(
        `UPDATE coupon_votes SET domain_id = $2, voter = $3, client = $4, worked = $5, reason = $6, counted = $7,
           standing = $8, network = $9, settled = false, updated_at = now()
         WHERE id = $1::bigint`,
        [earlier.id, v.domainId, v.voter, v.client, v.worked, v.reason, counted, standing, v.network],
      );
    } else {
      await tx.query(
        `INSERT INTO coupon_votes (coupon_id, domain_id, voter, client, worked, reason, counted, standing, network)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [v.couponId, v.domainId, v.voter, v.client, v.worked, v.reason, counted, standing, v.network],
      );
    }
    const burst = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM coupon_votes
       WHERE coupon_id = $1 AND network = $2 AND updated_at > now() - interval '1 hour'`,
      [v.couponId, v.network],
    );
    const tally = await settleCoupon(tx, v.couponId, v.holdSeconds);
    return { tally, standing, networkLastHour: Number(burst[0]?.n ?? 0) };
  });
}

export interface VoteReasonInput {
  couponId: string;
  domainId: string;
  /** Whose vote: the signed id's hash ('voter'), else IP + user agent's ('client'), as castVote keyed it. */
  dedupeBy: 'voter' | 'client';
  key: string;
  reason: VoteReason;
}

/** What amending a vote's reason found: the coupon unlisted, no vote of the sender's, a "worked" vote, or done. */
export type VoteReasonOutcome =
  { kind: 'unlisted' } | { kind: 'no_vote' } | { kind: 'worked' } | { kind: 'amended'; tally: VoteTally };

/**
 * Sets the reason of the sender's own vote on the coupon (their latest in the vote window, found as castVote finds
 * it, under the same lock): only a "did not work" vote takes one, and a later reason replaces an earlier one. The vote
 * keeps its standing, hold and time: a reason is a note on it, not a new vote, so nothing is counted again.
 */
export async function amendVoteReason(db: Db, v: VoteReasonInput): Promise<VoteReasonOutcome> {
  return db.transaction(async (tx) => {
    const listed = await tx.query<{ id: string }>(
      `SELECT c.id FROM coupons c JOIN domain_stores ds ON ds.store_id = c.store_id AND ds.domain_id = $1
       WHERE c.id = $2 AND NOT c.is_paused`,
      [v.domainId, v.couponId],
    );
    if (listed.length === 0) return { kind: 'unlisted' };
    await lock(tx, `vote\n${v.couponId}\n${v.dedupeBy}\n${v.key}`);
    const own = (
      await tx.query<{ id: string; worked: boolean }>(
        `SELECT id::text AS id, worked FROM coupon_votes
         WHERE coupon_id = $1 AND ${v.dedupeBy === 'voter' ? 'voter' : 'client'} = $2
           AND created_at > now() - $3::interval
         ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
        [v.couponId, v.key, VOTE_WINDOW],
      )
    )[0];
    if (!own) return { kind: 'no_vote' };
    if (own.worked) return { kind: 'worked' };
    await tx.query('UPDATE coupon_votes SET reason = $2 WHERE id = $1::bigint', [own.id, v.reason]);
    return { kind: 'amended', tally: await tallyOf(tx, v.couponId) };
  });
}

/**
 * Settles the coupon's votes older than the hold and recomputes its tally from its settled counted votes; answers the
 * shown tally. Runs inside the caller's transaction, under the coupon's tally lock.
 */
async function settleCoupon(tx: Queryable, couponId: string, holdSeconds: number): Promise<VoteTally> {
  await lock(tx, `tally\n${couponId}`);
  // Marked first, counted after: the count (a later statement) sees at least every vote marked here.
  await tx.query(
    `UPDATE coupon_votes SET settled = true
     WHERE coupon_id = $1 AND NOT settled AND updated_at <= now() - make_interval(secs => $2::int)`,
    [couponId, holdSeconds],
  );
  const rows = await tx.query<TallyRow>(
    `INSERT INTO coupon_verification AS t (coupon_id, worked, failed, networks, last_worked_at)
     SELECT $1, count(*) FILTER (WHERE worked), count(*) FILTER (WHERE NOT worked), count(DISTINCT network),
       max(updated_at) FILTER (WHERE worked)
     FROM coupon_votes WHERE coupon_id = $1 AND counted AND settled
     ON CONFLICT (coupon_id) DO UPDATE SET worked = EXCLUDED.worked, failed = EXCLUDED.failed,
       networks = EXCLUDED.networks, last_worked_at = EXCLUDED.last_worked_at
     RETURNING worked, failed, networks, last_worked_at`,
    [couponId],
  );
  return toTally(couponId, rows[0]);
}

/** The job that settles held votes: every minute, on one instance at a time (the mail queue's schedules). */
export const SETTLE_VOTES = { queue: 'settle-votes', cron: '* * * * *' } as const;

/** Settles every vote whose hold has passed (the server runs it every half minute); how many coupons it moved. */
export async function settleVotes(db: Db, holdSeconds: number, limit = 500): Promise<number> {
  const due = await db.query<{ coupon_id: string }>(
    `SELECT DISTINCT coupon_id FROM coupon_votes
     WHERE NOT settled AND updated_at <= now() - make_interval(secs => $1::int) LIMIT $2`,
    [holdSeconds, limit],
  );
  for (const { coupon_id } of due) await db.transaction((tx) => settleCoupon(tx, coupon_id, holdSeconds));
  return due.length;
}

/** The coupon's shown tally (zeros before three networks have settled counted votes). */
export async function tallyOf(db: Queryable, couponId: string): Promise<VoteTally> {
  const rows = await db.query<TallyRow>(
    'SELECT worked, failed, networks, last_worked_at FROM coupon_verification WHERE coupon_id = $1',
    [couponId],
  );
  return toTally(couponId, rows[0]);
}

function toTally(couponId: string, row: TallyRow | undefined): VoteTally {
  const { worked, failed } = shownVotes(Number(row?.worked ?? 0), Number(row?.failed ?? 0), Number(row?.networks ?? 0));
  return {
    coupon_id: couponId,
    worked,
    failed,
    success_rate: successRate(worked, failed),
    last_worked_at: worked > 0 ? iso(row?.last_worked_at ?? null) : null,
  };
}
