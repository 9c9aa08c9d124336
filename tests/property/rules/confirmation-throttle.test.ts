import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONFIRMATION_DAY_MS,
  CONFIRMATION_SPACING_MS,
  CONFIRMATIONS_PER_DAY,
  inboxKey,
  mayMailConfirmation,
  recentConfirmations,
} from '../../../src/shared/rules/confirmation-throttle';

const MINUTE = 60_000;
const START = Date.UTC(2026, 5, 15, 12);
// Sign-ups of one address: gaps from a burst (0 ms) to a few hours, over up to about three days.
const requests = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 2 * MINUTE }), fc.integer({ min: 0, max: 5 * 60 * MINUTE })), {
    maxLength: 60,
  })
  .map((gaps) => gaps.reduce<number[]>((times, gap) => [...times, (times.at(-1) ?? START) + gap], []));

/** Runs the server's loop: each request asks the rule with the times kept so far, and keeps only what it returns. */
function replay(times: readonly number[]): { sent: number[]; refused: number[] } {
  let kept: number[] = [];
  const sent: number[] = [];
  const refused: number[] = [];
  for (const now of times) {
    if (mayMailConfirmation(kept, now)) {
      kept = recentConfirmations([...kept, now], now);
      sent.push(now);
    } else refused.push(now);
  }
  return { sent, refused };
}

describe('confirmation mail throttle (issue 24)', () => {
  it('never mails one inbox twice in 10 minutes, nor more than 3 times in any 24 hours', () => {
    fc.assert(
      fc.property(requests, (times) => {
        const { sent } = replay(times);
        for (let i = 1; i < sent.length; i++)
          expect(sent[i]! - sent[i - 1]!).toBeGreaterThanOrEqual(CONFIRMATION_SPACING_MS);
        for (const start of sent)
          expect(sent.filter((t) => t >= start && t < start + CONFIRMATION_DAY_MS).length).toBeLessThanOrEqual(
            CONFIRMATIONS_PER_DAY,
          );
      }),
    );
  });

  it('refuses only what one of the two limits forbids', () => {
    fc.assert(
      fc.property(requests, (times) => {
        const { sent, refused } = replay(times);
        for (const now of refused) {
          const before = sent.filter((t) => t <= now);
          const tooSoon = before.some((t) => now - t < CONFIRMATION_SPACING_MS);
          const dayFull = before.filter((t) => now - t < CONFIRMATION_DAY_MS).length >= CONFIRMATIONS_PER_DAY;
          expect(tooSoon || dayFull).toBe(true);
        }
      }),
    );
  });

  it('mails the first request, and any burst of sign-ups within 10 minutes only once', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: CONFIRMATION_SPACING_MS - 1 }), { minLength: 1 }), (offsets) => {
        const times = [...offsets].sort((a, b) => a - b).map((o) => START + o);
        expect(replay(times).sent).toEqual([times[0]]);
      }),
    );
  });

  it('does not depend on the order the times are stored in, and keeps only the last 24 hours', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -2 * CONFIRMATION_DAY_MS, max: 0 })), fc.nat(), (offsets, seed) => {
        const times = offsets.map((o) => START + o);
        const shuffled = [...times].sort((a, b) => ((a * 7919 + seed) % 97) - ((b * 7919 + seed) % 97));
        expect(mayMailConfirmation(shuffled, START)).toBe(mayMailConfirmation(times, START));
        const kept = recentConfirmations(shuffled, START);
        expect(kept).toEqual([...kept].sort((a, b) => a - b));
        expect(mayMailConfirmation(kept, START)).toBe(mayMailConfirmation(times, START));
        expect(kept.every((t) => START - t < CONFIRMATION_DAY_MS)).toBe(true);
      }),
    );
  });

  it('treats a send stamped ahead of this clock (another instance) as just sent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 * MINUTE }), (ahead) => {
        expect(mayMailConfirmation([START + ahead], START)).toBe(false);
      }),
    );
  });
});

const word = fc.string({ unit: fc.constantFrom(...'abcxyz019-_'), minLength: 1, maxLength: 10 });
const domain = fc.oneof(fc.constantFrom('gmail.com', 'googlemail.com', 'example.com', 'mail.example.org'), word);

describe('inboxKey: one key per inbox', () => {
  it('ignores case, a +tag and, at Gmail, dots; is stable once applied', () => {
    fc.assert(
      fc.property(word, word, domain, fc.boolean(), (name, tag, host, upper) => {
        const plain = `${name}@${host}`;
        const tagged = `${name}+${tag}@${host}`;
        expect(inboxKey(upper ? tagged.toUpperCase() : tagged)).toBe(inboxKey(plain));
        expect(inboxKey(inboxKey(tagged))).toBe(inboxKey(tagged));
      }),
    );
  });

  it('gives Gmail addresses with dots anywhere in the name one key; other providers keep their dots', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 2, maxLength: 4 }), (parts) => {
        expect(inboxKey(`${parts.join('.')}@googlemail.com`)).toBe(inboxKey(`${parts.join('')}@gmail.com`));
        expect(inboxKey(`${parts.join('.')}@example.com`)).not.toBe(inboxKey(`${parts.join('')}@example.com`));
      }),
    );
  });

  it('keeps different names and different domains apart', () => {
    fc.assert(
      fc.property(word, word, domain, domain, (a, b, hostA, hostB) => {
        fc.pre(a !== b || hostA !== hostB);
        fc.pre(!(DOTLESS_HOSTS.has(hostA) && DOTLESS_HOSTS.has(hostB) && a === b));
        expect(inboxKey(`${a}@${hostA}`)).not.toBe(inboxKey(`${b}@${hostB}`));
      }),
    );
  });
});

const DOTLESS_HOSTS = new Set(['gmail.com', 'googlemail.com']);
