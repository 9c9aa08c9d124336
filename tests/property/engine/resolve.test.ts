import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveDocument, type Resolvable, type ResolveContext } from '../../../src/shared/layout/resolve';
import { inSchedule } from '../../../src/shared/layout/schedule';
import type { LayoutKind, LayoutSlot } from '../../../src/shared/layout/types';

// The one resolution rule: for any set of documents holding an unscheduled default, any tenant, any instant and any
// shopper, exactly one document of each kind and slot comes out, it is in force, and no better-placed one was passed by.

/** The tenants' hosts (domain_hosts): a tenant may answer on several, like the default's localhost and 127.0.0.1. */
const TENANTS: readonly (readonly string[])[] = [
  ['one.localhost', 'www.one.localhost'],
  ['two.localhost'],
  ['five.localhost'],
  ['localhost', '127.0.0.1'],
];
const HOSTS = TENANTS.flat();
const HOME_PAGES = ['Home Page One', 'Home Page Two', 'Home Page Five', 'Other'];
const KINDS: LayoutKind[] = ['home', 'header', 'footer'];
const T0 = Date.UTC(2026, 10, 20);
const DAY = 86_400_000;

const iso = (ms: number) => new Date(ms).toISOString();
const instant = fc.integer({ min: T0 - 10 * DAY, max: T0 + 10 * DAY });

const schedule = fc.option(
  fc.tuple(fc.option(instant, { nil: undefined }), fc.integer({ min: 1, max: 5 * DAY })).map(([from, length]) => ({
    ...(from !== undefined ? { from: iso(from) } : {}),
    until: iso((from ?? T0) + length),
  })),
  { nil: undefined },
);

const docArb = (kind: LayoutKind, slot: LayoutSlot) =>
  fc.record({
    kind: fc.constant(kind),
    slot: fc.constant(slot),
    serves: fc.oneof(fc.constant(['*']), fc.subarray(HOME_PAGES, { minLength: 0 })),
    tenants: fc.option(fc.subarray(HOSTS, { minLength: 1 }), { nil: undefined }),
    schedule,
    experiment: fc.option(
      fc.record({
        id: fc.constantFrom('exp-a', 'exp-b'),
        variant: fc.constantFrom('control', 'b', 'c'),
        weight: fc.integer({ min: 0, max: 100 }),
      }),
      { nil: undefined },
    ),
  });

/** Random documents of every kind plus one unscheduled default per kind (what the loader requires). */
const documents = fc
  .tuple(...KINDS.map((kind) => fc.array(docArb(kind, 'main'), { maxLength: 6 })))
  .map((lists) => [
    ...KINDS.map((kind) => ({
      file: `layouts/${kind}/default.json`,
      doc: { kind, slot: 'main' as const, serves: ['*'] },
    })),
    ...lists.flat().map((doc, i) => ({ file: `layouts/${doc.kind}/d${i}.json`, doc })),
  ])
  .chain((docs) => fc.shuffledSubarray(docs, { minLength: docs.length }))
  .map((docs): Resolvable[] => docs);

const context = fc.record({
  hosts: fc.constantFrom(...TENANTS, []),
  homePage: fc.constantFrom(...HOME_PAGES, '*'),
  at: instant,
  timeZone: fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata'),
  shopper: fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: null }),
});

function rank(entry: Resolvable, ctx: ResolveContext): number | null {
  const { doc } = entry;
  const tier = doc.tenants?.some((host) => ctx.hosts.includes(host))
    ? 0
    : ctx.homePage !== '*' && doc.serves.includes(ctx.homePage)
      ? 1
      : doc.serves.includes('*')
        ? 2
        : null;
  return tier === null ? null : tier * 2 + (doc.schedule ? 0 : 1);
}

describe('resolveDocument', () => {
  it('gives exactly one document per kind, in force, with no better-ranked document in force', () => {
    fc.assert(
      fc.property(documents, context, (docs, ctx) => {
        for (const kind of KINDS) {
          const chosen = resolveDocument(docs, kind, 'main', ctx);
          expect(chosen).not.toBeNull();
          expect(chosen!.doc.kind).toBe(kind);
          expect(inSchedule(chosen!.doc.schedule, ctx.at, ctx.timeZone)).toBe(true);
          const own = rank(chosen!, ctx);
          expect(own).not.toBeNull();
          const inForce = docs.filter(
            (d) => d.doc.kind === kind && rank(d, ctx) !== null && inSchedule(d.doc.schedule, ctx.at, ctx.timeZone),
          );
          expect(Math.min(...inForce.map((d) => rank(d, ctx)!))).toBe(own);
        }
      }),
    );
  });

  it('is deterministic: the same inputs give the same document', () => {
    fc.assert(
      fc.property(documents, context, (docs, ctx) => {
        for (const kind of KINDS)
          expect(resolveDocument(docs, kind, 'main', ctx)).toBe(resolveDocument(docs, kind, 'main', ctx));
      }),
    );
  });

  it('lets a tenant override naming any one of its hosts change that tenant, on all its hosts, and only it', () => {
    fc.assert(
      fc.property(documents, context, fc.nat(), fc.constantFrom(...TENANTS), (docs, ctx, pick, other) => {
        fc.pre(ctx.hosts.length > 0 && other !== ctx.hosts);
        fc.pre(!docs.some((d) => d.doc.kind === 'home' && d.doc.tenants?.some((host) => ctx.hosts.includes(host))));
        const named = ctx.hosts[pick % ctx.hosts.length]!;
        const override = {
          file: 'layouts/home/zz-override.json',
          doc: { kind: 'home' as const, serves: [], tenants: [named] },
        };
        const withOverride = [...docs, override];
        // The context is the tenant (all its hosts), whichever host the request came by.
        expect(resolveDocument(withOverride, 'home', 'main', ctx)).toBe(override);
        const otherCtx = { ...ctx, hosts: other };
        expect(resolveDocument(withOverride, 'home', 'main', otherCtx)).toBe(
          resolveDocument(docs, 'home', 'main', otherCtx),
        );
      }),
    );
  });

  it('serves a scheduled document from its first instant until just before its end, then the default again', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 3 * DAY }), (from, length) => {
        const base = { file: 'a', doc: { kind: 'home' as const, serves: ['*'] } };
        const campaign = {
          file: 'b',
          doc: { kind: 'home' as const, serves: ['*'], schedule: { from: iso(from), until: iso(from + length) } },
        };
        const at = (t: number) =>
          resolveDocument([base, campaign], 'home', 'main', { hosts: [], homePage: 'x', at: t, shopper: null });
        expect(at(from - 1)).toBe(base);
        expect(at(from)).toBe(campaign);
        expect(at(from + length - 1)).toBe(campaign);
        expect(at(from + length)).toBe(base);
      }),
    );
  });
});
