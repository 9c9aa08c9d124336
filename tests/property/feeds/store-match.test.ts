import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { CURATED_STORES } from '../../../src/server/db/seed/demo/names';
import { storeIdentity } from '../../../src/server/db/seed/demo/store-identity';
import { nameKey, nameSimilarity, siteHost, suggestStore, type StoreRef } from '../../../src/shared/feeds/store-match';

// Issue 30: a store is suggested for a feed's advertiser only when one store stands out; an ambiguous match is none.

// Built by hand (as in tests/property/rules/http-url.test.ts): fc.webUrl() is slow on a loaded machine.
const label = fc.stringMatching(/^[a-z][a-z0-9-]{2,10}[a-z0-9]$/);
const host = fc.tuple(label, fc.constantFrom('example', 'test', 'example.org')).map(([l, tld]) => `${l}.${tld}`);
const words = fc.array(fc.stringMatching(/^[A-Za-z][a-z]{2,9}$/), { minLength: 1, maxLength: 4 });
const storeName = words.map((w) => w.join(' '));
const id = fc.stringMatching(/^[0-9a-f]{24}$/);
const store = fc.record({ id, name: storeName, website_url: host.map((h) => `https://${h}/`) });
const stores = fc.uniqueArray(store, { minLength: 0, maxLength: 8, selector: (s) => s.id });
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('', ' ', '.', 'www.', 'http://', '&&'),
);

/** The same host as a feed might spell it: with or without scheme, www., a trailing dot, a path, in capitals. */
const spelling = (h: string) =>
  fc
    .record({
      scheme: fc.constantFrom('', 'http://', 'https://', 'HTTPS://'),
      www: fc.boolean(),
      dot: fc.boolean(),
      path: fc.constantFrom('', '/', '/path', '/en-gb/?ref=feed', '#top'),
      upper: fc.boolean(),
    })
    .map(({ scheme, www, dot, path, upper }) => {
      const text = `${scheme}${www ? 'www.' : ''}${h}${dot ? '.' : ''}${path}`;
      return upper ? text.toUpperCase() : text;
    });

describe('suggestStore', () => {
  it('never throws, and a suggestion scores within 0–1 and names a store of the list', () => {
    fc.assert(
      fc.property(
        fc.record({ name: anyText, site: fc.option(anyText) }),
        fc.array(fc.record({ id: fc.string(), name: anyText, website_url: anyText }), { maxLength: 6 }),
        (advertiser, list) => {
          const found = suggestStore(advertiser, list);
          if (found) {
            expect(found.score).toBeGreaterThanOrEqual(0);
            expect(found.score).toBeLessThanOrEqual(1);
            expect(list.some((s) => s.id === found.store_id && s.name === found.store_name)).toBe(true);
          }
        },
      ),
    );
  });

  it('suggests a store whose name differs from the advertiser’s only in case, punctuation or a legal suffix', () => {
    const dress = fc.record({
      upper: fc.boolean(),
      punct: fc.constantFrom(' ', ' - ', ', ', '. '),
      suffix: fc.constantFrom('', ' Ltd', ' Inc.', ', LLC', ' GmbH', ' UK', ' Store', ' Official', '.com', ' Co.'),
    });
    fc.assert(
      fc.property(stores, store, words, dress, (others, target, w, { upper, punct, suffix }) => {
        const mine = { ...target, name: w.join(' ') };
        // The others are clearly other names (a near-twin would rightly make the match ambiguous).
        const distinct = (s: StoreRef) => nameSimilarity(nameKey(s.name), nameKey(mine.name)) < 0.9;
        const list = [...others.filter((s) => s.id !== mine.id && distinct(s)), mine];
        const spoken = w.join(punct) + suffix;
        const found = suggestStore({ name: upper ? spoken.toUpperCase() : spoken, site: null }, list);
        expect(found).toMatchObject({ store_id: mine.id, score: 1, by: 'name' });
      }),
    );
  });

  it('suggests by site when the advertiser’s site is the store’s host in another spelling', () => {
    fc.assert(
      fc.property(
        stores,
        store,
        host.chain((h) => fc.tuple(fc.constant(h), spelling(h), spelling(h))),
        storeName,
        (others, target, [h, siteA, siteB], advertiserName) => {
          const mine = { ...target, website_url: siteB };
          const list = [...others.filter((s) => s.id !== mine.id && siteHost(s.website_url) !== h), mine];
          const found = suggestStore({ name: advertiserName, site: siteA }, list);
          expect(found).toEqual({ store_id: mine.id, store_name: mine.name, score: 1, by: 'site' });
        },
      ),
    );
  });

  it('does not depend on the order of the store list', () => {
    fc.assert(
      fc.property(stores.chain(withAdvertiser), fc.infiniteStream(fc.nat()), ([list, adv], randoms) => {
        const shuffled = shuffle(list, randoms);
        expect(suggestStore(adv, shuffled)).toEqual(suggestStore(adv, list));
      }),
    );
  });

  it('keeps its suggestion when a store with an unrelated name (and site) joins the list', () => {
    // The list's names avoid q, x, z and digits; the newcomer's use only those: no character bigram in common.
    const plainWords = fc.array(fc.stringMatching(/^[A-PR-WYa-pr-wy][a-pr-wy]{2,9}$/), { minLength: 1, maxLength: 4 });
    const plainStores = fc.uniqueArray(
      fc.record({ id, name: plainWords.map((w) => w.join(' ')), website_url: host.map((h) => `https://${h}/`) }),
      { maxLength: 8, selector: (s) => s.id },
    );
    const unrelated = fc.record({
      id,
      name: fc.stringMatching(/^[0-9qxz]{3,12}$/),
      website_url: fc.stringMatching(/^https:\/\/[0-9qxz]{3,12}\.invalid\/$/),
    });
    fc.assert(
      fc.property(plainStores.chain(withAdvertiser), unrelated, fc.nat(), ([list, adv], extra, at) => {
        fc.pre(!list.some((s) => s.id === extra.id) && !/[qxz0-9]/i.test(adv.name));
        const before = suggestStore(adv, list);
        const more = [...list];
        more.splice(at % (list.length + 1), 0, extra);
        expect(suggestStore(adv, more)).toEqual(before);
      }),
    );
  });

  it('suggests neither of two stores with the same name, unless one is the advertiser’s site', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(id, { minLength: 2, maxLength: 2 }),
        words,
        fc.uniqueArray(host, { minLength: 3, maxLength: 3 }),
        fc.boolean(),
        ([idA, idB], w, [hostA, hostB, other], siteMatches) => {
          const a = { id: idA!, name: w.join(' '), website_url: `https://${hostA}/` };
          const b = { id: idB!, name: `${w.join(' ').toUpperCase()} Ltd`, website_url: `https://${hostB}/` };
          const site = siteMatches ? `www.${hostB}` : other!;
          const found = suggestStore({ name: w.join(' '), site }, [a, b]);
          if (siteMatches) expect(found).toMatchObject({ store_id: b.id, by: 'site' });
          else expect(found).toBeNull();
        },
      ),
    );
  });
});

/**
 * An advertiser for a list: most often one of its stores as a feed would name it (a suffix added, a few letters
 * changed) or its site, so that the properties see suggestions as well as none.
 */
function withAdvertiser(list: StoreRef[]): fc.Arbitrary<[StoreRef[], { name: string; site: string | null }]> {
  const random = fc.record({ name: fc.oneof(storeName, anyText), site: fc.option(fc.oneof(host, anyText)) });
  if (list.length === 0) return fc.tuple(fc.constant(list), random);
  const fromStore = fc
    .tuple(fc.constantFrom(...list), fc.constantFrom('', ' Ltd', ' Store'), fc.nat(3), fc.boolean())
    .map(([s, suffix, cut, bySite]) => ({
      name: s.name.slice(0, Math.max(1, s.name.length - cut)) + suffix,
      site: bySite ? s.website_url.replace('https://', 'www.') : null,
    }));
  return fc.tuple(fc.constant(list), fc.oneof({ arbitrary: fromStore, weight: 3 }, { arbitrary: random, weight: 1 }));
}

function shuffle<T>(items: readonly T[], randoms: fc.Stream<number>): T[] {
  const out = [...items];
  const it = randoms[Symbol.iterator]();
  for (let i = out.length - 1; i > 0; i--) {
    const j = (it.next().value as number) % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('suggestStore with the demo catalogue’s names', () => {
  // The demo seed's curated stores, as the console would list them (id, name, https://<slug>.example/).
  const demo: StoreRef[] = CURATED_STORES.map((_, i) => storeIdentity(i)).map((s) => ({
    id: s.key,
    name: s.name,
    website_url: `https://${s.host}/`,
  }));
  const suggest = (name: string, site: string | null = null, list = demo) => suggestStore({ name, site }, list);

  it('finds a store by its site, whatever the advertiser is called', () => {
    expect(suggest('Northwind', 'www.northwind-outfitters.example/sale')).toMatchObject({
      store_name: 'Northwind Outfitters',
      by: 'site',
      score: 1,
    });
    expect(suggest('Orbit', 'https://uk.orbit-electronics.example/deals')).toMatchObject({
      store_name: 'Orbit Electronics',
      by: 'site',
    });
  });

  it('finds a store by a name spelt differently', () => {
    expect(suggest('ORBIT ELECTRONICS LTD')).toMatchObject({ store_name: 'Orbit Electronics', score: 1, by: 'name' });
    expect(suggest('Skyward Air')).toMatchObject({ store_name: 'Skyward Air Co.', score: 1 });
    expect(suggest('Quill and Ledger')).toMatchObject({ store_name: 'Quill & Ledger', score: 1 });
    expect(suggest('Paws & Whiskers Supply')).toMatchObject({ store_name: 'Paws & Whiskers Supply', score: 1 });
    const near = suggest('Paws and Whiskers');
    expect(near).toMatchObject({ store_name: 'Paws & Whiskers Supply', by: 'name' });
    expect(near!.score).toBeGreaterThanOrEqual(0.75);
    expect(near!.score).toBeLessThan(1);
  });

  it('suggests nothing for an advertiser the catalogue lacks', () => {
    expect(suggest('Harbor Lights Candles')).toBeNull();
    expect(suggest('Harbor Lights Candles', 'https://harbor-lights-candles.example/')).toBeNull();
  });

  it('suggests nothing when two stores share the name, unless the site says which', () => {
    const twin = { id: 'store-twin', name: 'Orbit Electronics Ltd.', website_url: 'https://orbit-outlet.example/' };
    const list = [...demo, twin];
    expect(suggest('Orbit Electronics', null, list)).toBeNull();
    expect(suggest('Orbit Electronics', 'orbit-electronics.example', list)).toMatchObject({
      store_id: 'store-2',
      by: 'site',
    });
  });
});
