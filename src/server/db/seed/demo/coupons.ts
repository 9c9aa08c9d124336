// One demo coupon per index; depends only on (seed, index, store count, now) so chunks stream without state.
import { CATEGORIES, CATEGORY_NOUNS } from './names';
import { int, pick, rngFor, type Rng } from './prng';
import { storeIdentity } from './store-identity';
import {
  AMOUNTS,
  CODE_WORDS,
  DESCRIPTION_TEMPLATES,
  NAME_TEMPLATES,
  PERCENTS,
  TITLE_TEMPLATES,
  fillTemplate,
} from './coupon-copy';
import type { DemoCoupon } from './types';

export const COUPON_STREAM = 0xc0de;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Expiry mix: expired, hours left, days left, months left, or none. */
function expiry(rng: Rng, now: number): number | null {
  const r = rng();
  if (r < 0.18) return now - int(rng, 1, 60 * 24) * HOUR;
  if (r < 0.28) return now + int(rng, 1, 23) * HOUR + int(rng, 0, 59) * 60_000;
  if (r < 0.55) return now + int(rng, 1, 14) * DAY + int(rng, 0, 23) * HOUR;
  if (r < 0.8) return now + int(rng, 15, 180) * DAY;
  return null;
}

function storeIndexFor(index: number, storeCount: number, rng: Rng): number {
  // The first `storeCount` coupons cover every store once; the rest lean towards the earlier (curated) stores.
  if (index < storeCount) return index;
  return Math.min(storeCount - 1, Math.floor(Math.pow(rng(), 1.6) * storeCount));
}

function initials(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}

export function makeCoupon(index: number, seed: number, storeCount: number, now: Date): DemoCoupon {
  const rng = rngFor(seed, COUPON_STREAM, index);
  const store = storeIdentity(storeIndexFor(index, storeCount, rng));
  const category = rng() < 0.85 ? store.category : pick(rng, CATEGORIES);
  const values = {
    percent: pick(rng, PERCENTS),
    amount: pick(rng, AMOUNTS),
    noun: pick(rng, CATEGORY_NOUNS[category]),
    store: store.name,
  };
  const r = rng();
  const code =
    r < 0.3
      ? `${pick(rng, CODE_WORDS)}${values.percent}`
      : r < 0.45
        ? `${initials(store.name)}${values.amount}`
        : r < 0.55
          ? 'FREESHIP'
          : null;
  const t = now.getTime();
  const exp = expiry(rng, t);
  let created = t - int(rng, 0, 180) * DAY - int(rng, 0, DAY - 1);
  if (exp !== null && created >= exp) created = exp - int(rng, 7, 60) * DAY;
  const n = index + 1;
  const link = `https://${store.host}/deal/${n}?aff=dealdeck`;
  return {
    key: `coupon-${n}`,
    store_key: store.key,
    name: fillTemplate(pick(rng, NAME_TEMPLATES), values),
    title: fillTemplate(pick(rng, TITLE_TEMPLATES), values),
    description: fillTemplate(pick(rng, DESCRIPTION_TEMPLATES), values),
    category,
    code,
    expiry_date: exp === null ? null : new Date(exp).toISOString(),
    link,
    finalLink: rng() < 0.75 ? `${link}&src=dealdeck-final` : null,
    domain_link: `https://${store.host}/?aff=dealdeck`,
    image: rng() < 0.5 ? `stores/${store.slug}.svg` : null,
    is_recommended: rng() < 0.3,
    created_at: new Date(created).toISOString(),
  };
}
