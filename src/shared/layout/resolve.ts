import { pickArm } from './experiment';
import { DEFAULT_TIME_ZONE, inSchedule } from './schedule';
import type { LayoutExperiment, LayoutKind, LayoutSchedule, LayoutSlot } from './types';

// THE resolution rule of layout documents (pure; the server, previews and layouts:check all use it): for a tenant, an
// instant and a shopper, which document of a kind and slot is drawn.
//
// 1. Only documents whose schedule holds at the instant (in the tenant's time zone) take part.
// 2. Tier: a document naming one of the tenant's hosts in `tenants` beats one whose `serves` names the tenant's home_page,
//    which beats a default (serves ["*"]).
// 3. Within a tier, a scheduled document beats an unscheduled one (a campaign wins while it runs).
// 4. Several documents left that are the arms of one experiment: the shopper's arm (bots: the control).
//    Anything else left over is an operator's mistake (layouts:check reports it): the first file wins.
// An unscheduled default of every kind and slot (required by layouts:check and the loader's problems) means some
// document always comes out.

export const DEFAULT_SERVES = '*';

export interface ResolveContext {
  /** Every host of the tenant (lower case, no port): a `tenants` entry naming any of them applies; [] matches none. */
  hosts: readonly string[];
  /** The tenant's home_page (domain data). */
  homePage: string;
  /** The instant drawn (ms since the epoch). */
  at: number;
  /** The tenant's time zone for wall-clock schedule times. */
  timeZone?: string;
  /** The shopper's experiment id (cookie); null gets every experiment's control (bots, previews). */
  shopper: string | null;
}

export type ResolvableDoc = {
  kind: LayoutKind;
  slot?: LayoutSlot;
  serves: readonly string[];
  tenants?: readonly string[];
  schedule?: LayoutSchedule;
  experiment?: LayoutExperiment;
};

export type Resolvable = { file: string; doc: ResolvableDoc };

export const slotOfDoc = (doc: { slot?: LayoutSlot }): LayoutSlot => doc.slot ?? 'main';

/** 0 tenant override, 1 home_page match, 2 default; null when the document is not for this tenant at all. */
export function tierOf(doc: ResolvableDoc, hosts: readonly string[], homePage: string): 0 | 1 | 2 | null {
  if (doc.tenants?.some((host) => hosts.includes(host))) return 0;
  if (homePage !== DEFAULT_SERVES && doc.serves.includes(homePage)) return 1;
  if (doc.serves.includes(DEFAULT_SERVES)) return 2;
  return null;
}

/** Lower wins: tier first, then scheduled before unscheduled. */
export function rankOf(doc: ResolvableDoc, hosts: readonly string[], homePage: string): number | null {
  const tier = tierOf(doc, hosts, homePage);
  return tier === null ? null : tier * 2 + (doc.schedule === undefined ? 1 : 0);
}

/** The documents of a kind and slot in force for the context, best rank only, in the given (file) order. */
export function contenders<E extends Resolvable>(
  entries: readonly E[],
  kind: LayoutKind,
  slot: LayoutSlot,
  ctx: Omit<ResolveContext, 'shopper'>,
): E[] {
  let best = Infinity;
  let out: E[] = [];
  for (const entry of entries) {
    const { doc } = entry;
    if (doc.kind !== kind || slotOfDoc(doc) !== slot) continue;
    const rank = rankOf(doc, ctx.hosts, ctx.homePage);
    if (rank === null || rank > best) continue;
    if (!inSchedule(doc.schedule, ctx.at, ctx.timeZone ?? DEFAULT_TIME_ZONE)) continue;
    if (rank < best) {
      best = rank;
      out = [];
    }
    out.push(entry);
  }
  return out;
}

/** The experiment the contenders run, when all of them are arms of the same one. */
export function runningExperiment(found: readonly Resolvable[]): string | null {
  const id = found[0]?.doc.experiment?.id;
  if (found.length < 2 || id === undefined) return null;
  return found.every((entry) => entry.doc.experiment?.id === id) ? id : null;
}

/** The document drawn for a kind and slot, or null when not even a default is in force. */
export function resolveDocument<E extends Resolvable>(
  entries: readonly E[],
  kind: LayoutKind,
  slot: LayoutSlot,
  ctx: ResolveContext,
): E | null {
  const found = contenders(entries, kind, slot, ctx);
  const experiment = runningExperiment(found);
  if (experiment !== null) return pickArm(found, experiment, ctx.shopper) ?? found[0] ?? null;
  return found[0] ?? null;
}

/** The experiments (id → variant drawn) behind some resolved documents: what a page view is recorded under. */
export function experimentsOf(resolved: readonly (Resolvable | null | undefined)[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of resolved) {
    const e = entry?.doc.experiment;
    if (e) out[e.id] = e.variant;
  }
  return out;
}
