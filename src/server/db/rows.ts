import type { Coupon, Store, Verification } from '../../shared/contract/entities';
import { successRate } from '../../shared/rules/verification';
import { shownVotes } from '../../shared/rules/signals';
import type { RedirectionType } from '../../shared/contract/values';

// The SQL rows behind the API's entities (declared in the contract) and the mappers from one to the other.

export const STORE_COLUMNS = `s.id, s.slug, s.name, s.image, s.description, s.website_url, s.is_archived, s.is_paused,
  s.desktop_redirection_type, s.visit_count, s.created_at`;

export interface StoreRow {
  id: string;
  slug: string;
  name: string;
  image: string | null;
  description: string;
  website_url: string;
  is_archived: boolean;
  is_paused: boolean;
  desktop_redirection_type: RedirectionType;
  visit_count: number;
  created_at: Date | string;
}

export const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

export function toStore(r: StoreRow): Store {
  return {
    _id: r.id,
    slug: r.slug,
    name: r.name,
    image: r.image,
    description: r.description,
    website_url: r.website_url,
    is_archived: r.is_archived,
    is_paused: r.is_paused,
    desktop_redirection_type: r.desktop_redirection_type,
    visit_count: Number(r.visit_count),
    created_at: iso(r.created_at) ?? '',
  };
}

export const COUPON_COLUMNS = `c.id, c.name, c.title, c.description, c.category, COALESCE(c.image, s.image) AS image, c.code,
  c.expiry_date, c.link, c.final_link, c.domain_link, c.is_recommended, c.created_at,
  s.id AS s_id, s.name AS s_name, s.slug AS s_slug, s.image AS s_image, s.desktop_redirection_type AS s_rt,
  v.worked AS v_worked, v.failed AS v_failed, v.networks AS v_networks, v.last_worked_at AS v_last_worked_at,
  (SELECT count(*) FROM coupon_votes cv WHERE cv.coupon_id = c.id AND cv.counted AND cv.settled
    AND cv.updated_at > now() - interval '24 hours')::int AS v_24h`;

/** Joined beside `coupons c` wherever COUPON_COLUMNS is read: the coupon's pooled vote tally (none: no votes yet). */
export const VERIFICATION_JOIN = 'LEFT JOIN coupon_verification v ON v.coupon_id = c.id';

export interface CouponRow {
  id: string;
  name: string;
  title: string;
  description: string;
  category: string;
  image: string | null;
  code: string | null;
  expiry_date: Date | string | null;
  link: string;
  final_link: string | null;
  domain_link: string;
  is_recommended: boolean;
  created_at: Date | string;
  s_id: string;
  s_name: string;
  s_slug: string;
  s_image: string | null;
  s_rt: RedirectionType;
  v_worked: number | null;
  v_failed: number | null;
  v_networks: number | null;
  v_last_worked_at: Date | string | null;
  v_24h: number;
}

export function toCoupon(r: CouponRow): Coupon {
  return {
    _id: r.id,
    name: r.name,
    title: r.title,
    description: r.description,
    category: r.category,
    image: r.image,
    code: r.code,
    expiry_date: iso(r.expiry_date),
    link: r.link,
    finalLink: r.final_link,
    domain_link: r.domain_link,
    is_recommended: r.is_recommended,
    created_at: iso(r.created_at) ?? '',
    store: { name: r.s_name, image: r.s_image, slug: r.s_slug },
    store_id: { _id: r.s_id, name: r.s_name, slug: r.s_slug, image: r.s_image, desktop_redirection_type: r.s_rt },
    verification: toVerification(r.v_worked ?? 0, r.v_failed ?? 0, r.v_networks ?? 0, r.v_last_worked_at, r.v_24h),
  };
}

export interface Paging {
  page: number;
  per_page: number;
}

export const offsetOf = (p: Paging): number => (p.page - 1) * p.per_page;

/** What shoppers see of a coupon's settled counted votes: nothing until three networks have voted (issue 24). */
export function toVerification(
  rawWorked: number,
  rawFailed: number,
  networks: number,
  lastWorkedAt: Date | string | null,
  votes24h: number,
): Verification {
  const { worked, failed } = shownVotes(Number(rawWorked), Number(rawFailed), Number(networks));
  const shown = worked + failed > 0;
  return {
    worked,
    failed,
    success_rate: successRate(worked, failed),
    last_worked_at: shown && worked > 0 ? iso(lastWorkedAt) : null,
    votes_24h: shown ? Number(votes24h) : 0,
  };
}
