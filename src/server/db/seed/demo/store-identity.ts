// Seed-independent store identity (name, slug, category, colour): asset URLs like stores/<slug>.svg render from the path alone.
import { CATEGORIES, CURATED_STORES, NAME_PREFIXES, NAME_SUFFIXES, type Category } from './names';
import { at, hashString, pickBy } from './prng';

export interface StoreIdentity {
  index: number;
  key: string;
  name: string;
  slug: string;
  category: Category;
  host: string;
}

export const BRAND_COLOURS = [
  '#0f766e',
  '#1d4ed8',
  '#7c3aed',
  '#be185d',
  '#b45309',
  '#15803d',
  '#0e7490',
  '#9333ea',
  '#c2410c',
  '#4338ca',
  '#047857',
  '#a21caf',
  '#0369a1',
  '#b91c1c',
  '#4d7c0f',
  '#334155',
] as const;

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const CURATED_BY_SLUG = new Map(CURATED_STORES.map((s) => [slugify(s.name), s.name]));
const PAIRS = NAME_PREFIXES.length * NAME_SUFFIXES.length;
const PAIR_STRIDE = 7919; // prime, coprime to PAIRS: scatters neighbours across prefixes and suffixes

function generatedName(j: number): string {
  const round = Math.floor(j / PAIRS);
  const p = ((j % PAIRS) * PAIR_STRIDE) % PAIRS;
  const base = `${at(NAME_PREFIXES, p % NAME_PREFIXES.length)} ${at(NAME_SUFFIXES, Math.floor(p / NAME_PREFIXES.length))}`;
  return round === 0 ? base : `${base} ${round + 1}`;
}

const cache: StoreIdentity[] = [];

export function storeIdentity(index: number): StoreIdentity {
  const hit = cache[index];
  if (hit) return hit;
  const curated = CURATED_STORES[index];
  const name = curated ? curated.name : generatedName(index - CURATED_STORES.length);
  const slug = slugify(name);
  const category = curated ? curated.category : pickBy(hashString(slug), CATEGORIES);
  const id: StoreIdentity = { index, key: `store-${index + 1}`, name, slug, category, host: `${slug}.example` };
  cache[index] = id;
  return id;
}

/** Display name for a logo path: curated names keep their punctuation, generated ones read back from the slug. */
export function storeNameFromSlug(slug: string): string {
  return (
    CURATED_BY_SLUG.get(slug) ??
    slug
      .split('-')
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ')
  );
}

export function brandColour(slug: string): string {
  return pickBy(hashString(slug), BRAND_COLOURS);
}

// A few archived and paused stores at fixed positions, so banners can avoid them without knowing the seed.
export const isArchivedIndex = (i: number): boolean => i % 16 === 9;
export const isPausedIndex = (i: number): boolean => i % 16 === 13;
export const isActiveIndex = (i: number): boolean => !isArchivedIndex(i) && !isPausedIndex(i);
