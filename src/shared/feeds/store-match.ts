import type { StoreSuggestion } from '../contract/feeds';

// Issue 30: which catalogue store a feed's advertiser probably is, offered to the operator to confirm. Unmapped
// advertisers are listed, not guessed: a suggestion is made only when one store stands out — the advertiser's site is
// that store's site, or its name is clearly closer to one store's name than to any other.

export interface AdvertiserRef {
  name: string;
  site: string | null;
}

export interface StoreRef {
  id: string;
  name: string;
  website_url: string;
}

/** The least name similarity worth suggesting. */
export const NAME_MATCH_MIN = 0.75;
/** How far the best name must be ahead of the next store's: closer than that is ambiguous, so no suggestion. */
export const NAME_MATCH_MARGIN = 0.1;
// Scores are sums of fractions: 0.85 - 0.75 is 0.0999…, which must still count as a 0.1 lead.
const EPSILON = 1e-9;

export function suggestStore(advertiser: AdvertiserRef, stores: readonly StoreRef[]): StoreSuggestion | null {
  return bySite(advertiser, stores) ?? byName(advertiser, stores);
}

function bySite(advertiser: AdvertiserRef, stores: readonly StoreRef[]): StoreSuggestion | null {
  const host = siteHost(advertiser.site);
  if (!host) return null;
  const same = stores.filter((s) => siteHost(s.website_url) === host);
  // Two stores on one site say nothing about which one this is: the names decide, as for an advertiser without a site.
  if (same.length !== 1) return null;
  const store = same[0]!;
  return { store_id: store.id, store_name: store.name, score: 1, by: 'site' };
}

function byName(advertiser: AdvertiserRef, stores: readonly StoreRef[]): StoreSuggestion | null {
  const key = nameKey(advertiser.name);
  if (!key) return null;
  const ranked = stores
    .map((store) => ({ store, score: nameSimilarity(key, nameKey(store.name)) }))
    .sort(
      (a, b) => b.score - a.score || compareText(a.store.id, b.store.id) || compareText(a.store.name, b.store.name),
    );
  const [best, next] = ranked;
  if (!best || best.score < NAME_MATCH_MIN - EPSILON) return null;
  if (next && best.score - next.score < NAME_MATCH_MARGIN - EPSILON) return null;
  return { store_id: best.store.id, store_name: best.store.name, score: best.score, by: 'name' };
}

/**
 * The host a site is compared by, or null when there is none: lower-case, without a trailing dot, a leading "www." and
 * one leading two-letter country or market label (uk.x.example is x.example) — unless dropping it would leave only a
 * country's second level (ab.co.uk stays). There is no public-suffix list, deliberately: a platform's shops
 * (a.myshopify.com, b.myshopify.com) stay different hosts rather than becoming one "registrable domain".
 */
export function siteHost(site: string | null | undefined): string | null {
  const text = site?.trim();
  if (!text) return null;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`).hostname;
  } catch {
    return null;
  }
  host = host.toLowerCase().replace(/\.+$/, '');
  if (host.startsWith('www.')) host = host.slice(4);
  const labels = host.split('.');
  const rest = labels.slice(1);
  const countryLabel = /^[a-z]{2}$/.test(labels[0] ?? '');
  const restIsCountrySecondLevel = rest.length === 2 && rest[0]!.length <= 3 && /^[a-z]{2}$/.test(rest[1]!);
  if (countryLabel && rest.length >= 2 && !restIsCountrySecondLevel) host = rest.join('.');
  // A single label ("none", "n/a") is no site to compare.
  return host.includes('.') ? host : null;
}

// Letters NFKD does not take apart (they are letters of their own, not a letter with a mark).
const FOLD: Readonly<Record<string, string>> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', þ: 'th', ı: 'i' };

/** Words a company name ends with that do not tell stores apart: legal forms, markets, "store", "shop"… */
const SUFFIXES = new Set([
  'inc',
  'incorporated',
  'ltd',
  'limited',
  'llc',
  'gmbh',
  'ag',
  'kg',
  'co',
  'company',
  'corp',
  'corporation',
  'plc',
  'uk',
  'us',
  'eu',
  'de',
  'fr',
  'com',
  'store',
  'shop',
  'official',
  'online',
]);

/**
 * A name as compared: lower-case, diacritics folded, '&' read as "and", apostrophes and ".com" dropped, other
 * punctuation splitting words, trailing suffix words and then a leading "the" dropped (never the last word), then the words
 * joined (so "Quill & Ledger", "Quill and Ledger" and "QuillAndLedger" agree).
 */
export function nameKey(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđþı]/g, (c) => FOLD[c] ?? c)
    .replace(/&/g, ' and ')
    .replace(/\.com\b/g, ' ')
    .replace(/['’`´]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  while (words.length > 1 && SUFFIXES.has(words[words.length - 1]!)) words.pop();
  if (words.length > 1 && words[0] === 'the') words.shift();
  return words.join('');
}

/** Sørensen–Dice over the two keys' character bigrams (counted with repeats); equal keys are 1, an empty one 0. */
export function nameSimilarity(a: string, b: string): number {
  if (!a || !b) return 0;
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const counts = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++) {
    const gram = a.slice(i, i + 2);
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const gram = b.slice(i, i + 2);
    const left = counts.get(gram) ?? 0;
    if (left > 0) {
      shared++;
      counts.set(gram, left - 1);
    }
  }
  return (2 * shared) / (a.length - 1 + (b.length - 1));
}

// Not localeCompare: the order must not depend on the machine's locale.
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
