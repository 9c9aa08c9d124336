import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { networkOf } from '../../../src/shared/rules/network';
import {
  MIN_RATED_NETWORKS,
  MIN_VOTER_ID_AGE_SECONDS,
  reportStanding,
  shownVotes,
  visitCounts,
  VISIT_NETWORK_DAILY_CAP,
  VOTE_NETWORK_DAILY_CAP,
  voteStanding,
} from '../../../src/shared/rules/signals';
import { successRate } from '../../../src/shared/rules/verification';

// Issue 24: what one network can do to the numbers others see. The votes are replayed as the server counts them: each
// request's standing is decided from the counted votes before it (voteStanding), one vote per id (a repeat replaces).

interface Request {
  /** Which id sends it (a forged one has no age); the same id votes again to replace its vote. */
  id: number;
  forged: boolean;
  revealed: boolean;
  ageSeconds: number;
  automated: boolean;
  worked: boolean;
}

const request = fc.record({
  id: fc.nat({ max: 40 }),
  forged: fc.boolean(),
  revealed: fc.boolean(),
  ageSeconds: fc.integer({ min: 0, max: 100_000 }),
  automated: fc.boolean(),
  worked: fc.boolean(),
});

/** The counted votes of one network after `requests` on one coupon in one day, keyed by id. */
function replay(requests: readonly Request[]): Map<number, boolean> {
  const counted = new Map<number, boolean>();
  for (const r of requests) {
    const own = counted.has(r.id) ? 1 : 0;
    const standing = voteStanding({
      automated: r.automated,
      idAgeSeconds: r.forged ? null : r.ageSeconds,
      revealed: r.revealed,
      networkCountedToday: counted.size - own,
    });
    if (standing === 'counted') counted.set(r.id, r.worked);
    else if (!r.forged) counted.delete(r.id); // the id's vote is replaced by one that does not count
  }
  return counted;
}

describe('voteStanding', () => {
  it(`lets no sequence of one network's requests count more than ${VOTE_NETWORK_DAILY_CAP} votes a day`, () => {
    fc.assert(
      fc.property(fc.array(request, { maxLength: 300 }), (requests) => {
        expect(replay(requests).size).toBeLessThanOrEqual(VOTE_NETWORK_DAILY_CAP);
      }),
    );
  });

  it("moves a coupon's shown rate by at most one network's worth, whatever one network sends", () => {
    const honest = fc.array(fc.boolean(), { minLength: MIN_RATED_NETWORKS, maxLength: 30 });
    fc.assert(
      fc.property(honest, fc.array(request, { maxLength: 200 }), (votes, requests) => {
        // Honest votes, one per network: the shown tally before the attack.
        const worked = votes.filter(Boolean).length;
        const failed = votes.length - worked;
        const before = shownVotes(worked, failed, votes.length);
        const attack = replay(requests);
        const aWorked = [...attack.values()].filter(Boolean).length;
        const after = shownVotes(worked + aWorked, failed + attack.size - aWorked, votes.length + 1);
        const rate = (v: { worked: number; failed: number }) => successRate(v.worked, v.failed)!;
        // The most one network can do: its cap of votes, all one way.
        const low = successRate(before.worked, before.failed + VOTE_NETWORK_DAILY_CAP)!;
        const high = successRate(before.worked + VOTE_NETWORK_DAILY_CAP, before.failed)!;
        expect(rate(after)).toBeGreaterThanOrEqual(low);
        expect(rate(after)).toBeLessThanOrEqual(high);
      }),
    );
  });

  it('counts nothing from a forged id, an automated request, an id that did not reveal, or one too new', () => {
    fc.assert(
      fc.property(request, fc.nat({ max: 10 }), (r, before) => {
        const standing = voteStanding({
          automated: r.automated,
          idAgeSeconds: r.forged ? null : r.ageSeconds,
          revealed: r.revealed,
          networkCountedToday: before,
        });
        if (standing !== 'counted') return;
        expect(r.forged || r.automated || !r.revealed).toBe(false);
        expect(r.ageSeconds).toBeGreaterThanOrEqual(MIN_VOTER_ID_AGE_SECONDS);
        expect(before).toBeLessThan(VOTE_NETWORK_DAILY_CAP);
      }),
    );
  });
});

describe('shownVotes', () => {
  it(`shows nothing under ${MIN_RATED_NETWORKS} networks and the counts from there on`, () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat({ max: 20 }), (w, f, n) => {
        const shown = shownVotes(w, f, n);
        expect(shown).toEqual(n >= MIN_RATED_NETWORKS ? { worked: w, failed: f } : { worked: 0, failed: 0 });
      }),
    );
  });
});

describe('visitCounts', () => {
  it(`counts at most ${VISIT_NETWORK_DAILY_CAP} of one network's reveals of a coupon a day, and none without an id`, () => {
    fc.assert(
      fc.property(fc.array(fc.record({ id: fc.option(fc.nat({ max: 30 })) }), { maxLength: 200 }), (reqs) => {
        const seen = new Set<number>();
        let counted = 0;
        for (const r of reqs) {
          const firstToday = r.id !== null && !seen.has(r.id);
          if (r.id !== null) seen.add(r.id);
          if (visitCounts({ hasId: r.id !== null, firstToday, networkCountedToday: counted })) counted++;
        }
        expect(counted).toBeLessThanOrEqual(Math.min(VISIT_NETWORK_DAILY_CAP, seen.size));
      }),
    );
  });
});

describe('reportStanding', () => {
  it('keeps only ids that came back, acted at a human pace and are within their network cap', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 100_000 })),
        fc.nat({ max: 40 }),
        (returned, after, before) => {
          const s = reportStanding({ returned, firstOutcomeAfterMs: after, networkNewIdsBefore: before });
          if (!returned) expect(s).toBe('never_returned');
          if (s === 'kept') expect(returned && (after === null || after >= 1_000) && before < 10).toBe(true);
        },
      ),
    );
  });
});

describe('networkOf', () => {
  const v4 = fc.tuple(fc.nat({ max: 255 }), fc.nat({ max: 255 }), fc.nat({ max: 255 }), fc.nat({ max: 255 }));
  it('puts every address of one IPv4 /24 in one network, mapped into IPv6 or not, and others elsewhere', () => {
    fc.assert(
      fc.property(v4, fc.nat({ max: 255 }), ([a, b, c, d], e) => {
        const net = networkOf(`${a}.${b}.${c}.${d}`);
        expect(net).toBe(`${a}.${b}.${c}.0/24`);
        expect(networkOf(`${a}.${b}.${c}.${e}`)).toBe(net);
        expect(networkOf(`::ffff:${a}.${b}.${c}.${e}`)).toBe(net);
        expect(networkOf(`${a}.${b}.${(c + 1) % 256}.${d}`)).not.toBe(net);
      }),
    );
  });

  it('puts every address of one IPv6 /64 in one network, however it is written', () => {
    const group = fc.nat({ max: 0xffff });
    fc.assert(
      fc.property(
        fc.array(group, { minLength: 8, maxLength: 8 }),
        fc.array(group, { minLength: 4, maxLength: 4 }),
        (g, h) => {
          const full = g.map((x) => x.toString(16)).join(':');
          const sibling = [...g.slice(0, 4), ...h].map((x) => x.toString(16).padStart(4, '0')).join(':');
          expect(networkOf(full)).toBe(networkOf(sibling));
          expect(networkOf(full)).toMatch(/\/64$/);
          const other = [...g.slice(0, 3), (g[3]! + 1) % 0x10000, ...g.slice(4)].map((x) => x.toString(16)).join(':');
          expect(networkOf(other)).not.toBe(networkOf(full));
        },
      ),
    );
  });

  it('never throws, and names anything unreadable apart from every address', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const net = networkOf(s);
        expect(typeof net).toBe('string');
      }),
    );
    expect(networkOf('not an address')).toMatch(/^unknown:/);
  });
});
