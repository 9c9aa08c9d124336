import type { Db, Queryable } from '../connect';
import type { VoteTally } from '../../../shared/contract/entities';
import type { VoteReason } from '../../../shared/contract/values';
import { successRate } from '../../../shared/rules/verification';
import { iso } from '../rows';

// "Did this code work?" votes (issue 13): every vote is kept per coupon and tenant (coupon_votes); the counted ones
// make up the coupon's pooled tally (coupon_verification), kept in the vote's own transaction.

/** A shopper votes once per coupon per this window; a later vote in it replaces the first. */
export const VOTE_WINDOW = '24 hours';

export interface VoteInput {
  couponId: string;
  domainId: string;
  /** sha256 of the voter cookie's id (of the one issued with this answer when the request had none). */
  voter: string;
  /** sha256 of IP + user agent. */
  client: string;
  /**
   * What finds this shopper's earlier vote: 'voter' when the request carried the cookie, 'client' when it did not
   * (cookies refused, or a first vote): the vote with the same IP + user agent in the window is then replaced.
   */
  dedupeBy: 'voter' | 'client';
  worked: boolean;
  /** Only with worked: false (the route refuses it otherwise; the table's CHECK too). */
  reason: VoteReason | null;
  /** false for requests that look automated: stored, not counted. */
  counted: boolean;
}

interface VoteRow {
  id: string;
  worked: boolean;
  counted: boolean;
}

interface TallyRow {
  worked: number;
  failed: number;
  last_worked_at: Date | string | null;
}

const counts = (v: { worked: boolean; counted: boolean } | undefined) => ({
  worked: v?.counted && v.worked ? 1 : 0,
  failed: v?.counted && !v.worked ? 1 : 0,
});

/**
 * Records one vote and answers the coupon's pooled tally, or null when the tenant does not list the coupon (its store
 * is not one the tenant publishes). One transaction: the shopper's earlier vote on this coupon in the last 24 h (by
 * cookie, else by IP + user agent) is updated in place and the counters move by the difference, so a shopper is
 * never counted twice; concurrent votes of one shopper on one coupon are serialised by an advisory lock.
 */
export async function castVote(db: Db, v: VoteInput): Promise<VoteTally | null> {
  return db.transaction(async (tx) => {
    const listed = await tx.query<{ id: string }>(
      `SELECT c.id FROM coupons c JOIN domain_stores ds ON ds.store_id = c.store_id AND ds.domain_id = $1
       WHERE c.id = $2 AND NOT c.is_paused`,
      [v.domainId, v.couponId],
    );
    if (listed.length === 0) return null;

    const key = v.dedupeBy === 'voter' ? v.voter : v.client;
    // One lock per coupon and shopper (PostgreSQL and PGlite alike): the second of two simultaneous votes sees the
    // first one's row and replaces it instead of adding another.
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `vote\n${v.couponId}\n${v.dedupeBy}\n${key}`,
    ]);
    const earlier = (
      await tx.query<VoteRow>(
        `SELECT id::text AS id, worked, counted FROM coupon_votes
         WHERE coupon_id = $1 AND ${v.dedupeBy === 'voter' ? 'voter' : 'client'} = $2
           AND created_at > now() - $3::interval
         ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
        [v.couponId, key, VOTE_WINDOW],
      )
    )[0];

    if (earlier) {
      // Keyed by IP + user agent, the row takes this request's voter too: the cookie issued now finds it next time.
      await tx.query(
        `UPDATE coupon_votes SET domain_id = $2, voter = $3, client = $4, worked = $5, reason = $6, counted = $7,
           updated_at = now()
         WHERE id = $1::bigint`,
        [earlier.id, v.domainId, v.voter, v.client, v.worked, v.reason, v.counted],
      );
    } else {
      await tx.query(
        `INSERT INTO coupon_votes (coupon_id, domain_id, voter, client, worked, reason, counted)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [v.couponId, v.domainId, v.voter, v.client, v.worked, v.reason, v.counted],
      );
    }

    const before = counts(earlier);
    const after = counts(v);
    const dWorked = after.worked - before.worked;
    const dFailed = after.failed - before.failed;
    // The vote that set last_worked_at may just have been taken back: find the latest counted "worked" vote again.
    const recompute = before.worked === 1 && after.worked === 0;
    if (dWorked === 0 && dFailed === 0 && after.worked === 0 && !recompute) return tallyOf(tx, v.couponId);

    // Locks the tally row (every vote on this coupon waits here for the one before to commit), so the recompute
    // below, a statement of its own, sees every earlier vote.
    const moved = await tx.query<TallyRow>(
      `INSERT INTO coupon_verification AS t (coupon_id, worked, failed, last_worked_at)
       VALUES ($1, GREATEST($2::int, 0), GREATEST($3::int, 0), CASE WHEN $4::boolean THEN now() END)
       ON CONFLICT (coupon_id) DO UPDATE SET
         worked = t.worked + $2::int,
         failed = t.failed + $3::int,
         last_worked_at = CASE WHEN $4::boolean THEN GREATEST(t.last_worked_at, now()) ELSE t.last_worked_at END
       RETURNING worked, failed, last_worked_at`,
      [v.couponId, dWorked, dFailed, after.worked === 1],
    );
    if (!recompute) return toTally(v.couponId, moved[0]);
    const again = await tx.query<TallyRow>(
      `UPDATE coupon_verification SET last_worked_at = (
         SELECT max(updated_at) FROM coupon_votes WHERE coupon_id = $1 AND counted AND worked)
       WHERE coupon_id = $1
       RETURNING worked, failed, last_worked_at`,
      [v.couponId],
    );
    return toTally(v.couponId, again[0]);
  });
}

/** The coupon's pooled tally (zeros before any counted vote). */
export async function tallyOf(db: Queryable, couponId: string): Promise<VoteTally> {
  const rows = await db.query<TallyRow>(
    'SELECT worked, failed, last_worked_at FROM coupon_verification WHERE coupon_id = $1',
    [couponId],
  );
  return toTally(couponId, rows[0]);
}

function toTally(couponId: string, row: TallyRow | undefined): VoteTally {
  const worked = Number(row?.worked ?? 0);
  const failed = Number(row?.failed ?? 0);
  return {
    coupon_id: couponId,
    worked,
    failed,
    success_rate: successRate(worked, failed),
    last_worked_at: iso(row?.last_worked_at ?? null),
  };
}
