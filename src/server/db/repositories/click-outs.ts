import { CLICK_NETWORK_DAILY_CAP, CLICK_NETWORK_DAYS } from '../../../shared/revenue/click-rules';
import type { Db, Queryable } from '../connect';

// Issue 31: one row per click-out through /out/:couponId (docs/revenue.md). Its id is the sub-ID on the merchant link.

/** What /out needs of a coupon the tenant lists: its links, and its store's sub-ID parameter and redirect type. */
export interface ClickTarget {
  coupon_id: string;
  store_id: string;
  link: string;
  final_link: string | null;
  domain_link: string;
  expiry_date: string | null;
  sub_id_param: string | null;
  desktop_redirection_type: string;
}

export async function clickTarget(db: Queryable, domainId: string, couponId: string): Promise<ClickTarget | null> {
  const rows = await db.query<ClickTarget>(
    `SELECT c.id AS coupon_id, c.store_id, c.link, c.final_link, c.domain_link, c.expiry_date, s.sub_id_param,
       s.desktop_redirection_type
     FROM coupons c JOIN stores s ON s.id = c.store_id
     JOIN domain_stores ds ON ds.store_id = c.store_id AND ds.domain_id = $1
     WHERE c.id = $2 AND NOT c.is_paused`,
    [domainId, couponId],
  );
  return rows[0] ?? null;
}

export interface NewClick {
  id: string;
  domainId: string;
  couponId: string;
  storeId: string;
  page: string;
  layoutVariant: string;
  /** The network of the tracking link (null: another network's). */
  affiliateNetwork: string | null;
  arms: readonly { experiment: string; variant: string }[];
  network: string;
  /** A crawler's (its user agent says so): kept, never counted. */
  bot: boolean;
}

/**
 * Records a click-out; it counts unless it is a bot's or its network is past CLICK_NETWORK_DAILY_CAP counted clicks of
 * this coupon in 24 h (a per-network lock keeps the cap under concurrent clicks). Answers whether it counted.
 */
export async function recordClick(db: Db, c: NewClick): Promise<{ counted: boolean }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`click\n${c.couponId}\n${c.network}`]);
    const rows = await tx.query<{ automated: boolean }>(
      `INSERT INTO click_outs
         (id, domain_id, coupon_id, store_id, page, layout_variant, arms, network, affiliate_network, automated)
       SELECT $1, $2, $3, $4, $5, $6, $7::jsonb, $8, $11, $9 OR (
         SELECT count(*) FROM click_outs
         WHERE network = $8 AND coupon_id = $3 AND created_at > now() - interval '1 day' AND NOT automated
       ) >= $10
       RETURNING automated`,
      [
        c.id,
        c.domainId,
        c.couponId,
        c.storeId,
        c.page,
        c.layoutVariant,
        JSON.stringify(c.arms),
        c.network,
        c.bot,
        CLICK_NETWORK_DAILY_CAP,
        c.affiliateNetwork,
      ],
    );
    return { counted: rows[0]?.automated === false };
  });
}

/** Erases the network of clicks older than CLICK_NETWORK_DAYS, a batch at a time; answers how many. */
export async function forgetClickNetworks(db: Queryable, limit = 5000): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH old AS (
       SELECT id FROM click_outs
       WHERE network IS NOT NULL AND created_at < now() - make_interval(days => $1) LIMIT $2
     )
     UPDATE click_outs SET network = NULL FROM old WHERE click_outs.id = old.id RETURNING 1 AS n`,
    [CLICK_NETWORK_DAYS, limit],
  );
  return rows.length;
}

export const FORGET_CLICK_NETWORKS = { queue: 'forget-click-networks', cron: '17 * * * *' } as const;
