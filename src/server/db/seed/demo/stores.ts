// One demo store per index; the seed drives popularity, age, copy and redirection, never identity.
import { CATEGORY_NOUNS } from './names';
import { int, pick, rngFor, type Rng } from './prng';
import { isArchivedIndex, isPausedIndex, storeIdentity } from './store-identity';
import type { DemoStore, RedirectionType } from './types';

export const STORE_STREAM = 0x5701;
const DAY = 86_400_000;
const TYPES: readonly RedirectionType[] = ['default', 'zero-redirect-with-refer', 'zero-redirect-without-refer'];

const BLURBS = [
  (name: string, a: string, b: string) => `${name} brings you ${a}, ${b} and more, with fresh offers every week.`,
  (name: string, a: string, b: string) => `Shop ${a} and ${b} at ${name}. Independent, friendly and fast to ship.`,
  (name: string, a: string) => `${name} is where savvy shoppers find ${a} for less.`,
  (name: string, a: string, b: string) =>
    `Since day one ${name} has focused on quality ${a}. Browse the latest ${b}, check today's codes and save on every order.`,
];

function redirection(index: number, rng: Rng): RedirectionType {
  if (index < TYPES.length) return TYPES[index] ?? 'default';
  const r = rng();
  return r < 0.45 ? 'default' : r < 0.75 ? 'zero-redirect-with-refer' : 'zero-redirect-without-refer';
}

function createdAt(rng: Rng, now: Date): string {
  // One in eight stores is brand new (last two weeks) so "newly added" has fresh entries.
  const days = rng() < 0.125 ? int(rng, 0, 13) : int(rng, 14, 730);
  return new Date(now.getTime() - days * DAY - int(rng, 0, DAY - 1)).toISOString();
}

export function makeStore(index: number, seed: number, now: Date): DemoStore {
  const id = storeIdentity(index);
  const rng = rngFor(seed, STORE_STREAM, index);
  const nouns = CATEGORY_NOUNS[id.category];
  const blurb = pick(rng, BLURBS);
  const a = pick(rng, nouns);
  const b = pick(
    rng,
    nouns.filter((n) => n !== a),
  );
  return {
    key: id.key,
    slug: id.slug,
    name: id.name,
    description: blurb(id.name, a, b),
    image: `stores/${id.slug}.svg`,
    website_url: `https://${id.host}/`,
    is_archived: isArchivedIndex(index),
    is_paused: isPausedIndex(index),
    desktop_redirection_type: redirection(index, rng),
    visit_count: Math.floor(Math.pow(rng(), 2.5) * 48_000) + int(rng, 12, 400),
    created_at: createdAt(rng, now),
  };
}
