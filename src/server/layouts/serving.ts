import type { LayoutKind, LayoutProblem, LayoutSlot, LoadedDocument } from '../../shared/layout/types';
import { DEFAULT_SERVES, slotOfDoc } from '../../shared/layout/resolve';
import { DEFAULT_TIME_ZONE, schedulesOverlap } from '../../shared/layout/schedule';

// Which document answers which tenant: layouts:check and the loader report, per (kind, slot), an audience (a
// home_page value or a tenant host) claimed twice at the same time, a missing unscheduled default, experiment arms whose
// weights do not sum to 100, and tenants no database knows. Resolution itself is src/shared/layout/resolve.ts.

export { DEFAULT_SERVES };

/** The (kind, slot) pairs a page needs; each must have a default document. */
export const REQUIRED_SLOTS: readonly { kind: LayoutKind; slot: LayoutSlot }[] = [
  { kind: 'home', slot: 'main' },
  { kind: 'header', slot: 'main' },
  { kind: 'footer', slot: 'main' },
  { kind: 'footer', slot: 'mobile' },
];

/** A tenant as layouts:check knows it: its hosts, home_page and time zone. */
export interface KnownTenant {
  hosts: readonly string[];
  homePage: string;
  timeZone: string;
}

export function slotOf(entry: LoadedDocument): LayoutSlot {
  return slotOfDoc(entry.doc);
}

function groupKey(kind: LayoutKind, slot: LayoutSlot): string {
  return `${kind}/${slot}`;
}

/** Two documents may claim one audience at once only as arms of one experiment. */
function sameExperiment(a: LoadedDocument, b: LoadedDocument): boolean {
  return a.doc.experiment !== undefined && a.doc.experiment.id === b.doc.experiment?.id;
}

/** What a document claims: its serves values, then its tenants (as "tenant:host"), each with its pointer. */
function claims(entry: LoadedDocument): { audience: string; pointer: string }[] {
  return [
    ...entry.doc.serves.map((value, i) => ({ audience: value, pointer: `/serves/${i}` })),
    ...(entry.doc.tenants ?? []).map((host, i) => ({ audience: `tenant:${host}`, pointer: `/tenants/${i}` })),
  ];
}

/** The time zones a schedule claiming this audience is read in: its tenants' (UTC when none is known). */
function zonesOf(audience: string, tenants: readonly KnownTenant[]): string[] {
  const host = audience.startsWith('tenant:') ? audience.slice('tenant:'.length) : null;
  const zones = tenants
    .filter((t) => (host !== null ? t.hosts.includes(host) : audience === DEFAULT_SERVES || t.homePage === audience))
    .map((t) => t.timeZone);
  return [...new Set(zones.length > 0 ? zones : [DEFAULT_TIME_ZONE])];
}

function describe(audience: string): string {
  return audience.startsWith('tenant:') ? `tenant ${audience.slice('tenant:'.length)}` : `"${audience}"`;
}

function audienceProblems(key: string, group: readonly LoadedDocument[], tenants: readonly KnownTenant[]) {
  const problems: LayoutProblem[] = [];
  const claimedBy = new Map<string, { entry: LoadedDocument; pointer: string }[]>();
  for (const entry of group) {
    for (const c of claims(entry)) claimedBy.set(c.audience, [...(claimedBy.get(c.audience) ?? []), { entry, ...c }]);
  }
  for (const [audience, list] of claimedBy) {
    // Unscheduled documents: one per audience (or the arms of one experiment).
    const always = list.filter((c) => c.entry.doc.schedule === undefined);
    const clash = always.filter((c) => always.some((o) => o !== c && !sameExperiment(o.entry, c.entry)));
    for (const c of clash) {
      const others = clash
        .filter((o) => o !== c)
        .map((o) => o.entry.file)
        .join(', ');
      const what =
        audience === DEFAULT_SERVES
          ? `several defaults ("*") for ${key}`
          : `${describe(audience)} is served twice in ${key}`;
      problems.push({ file: c.entry.file, pointer: c.pointer, message: `${what}; also in ${others}` });
    }
    // Scheduled documents: no two at the same instant, in any of the audience's time zones.
    const timed = list.filter((c) => c.entry.doc.schedule !== undefined);
    for (const c of timed) {
      const overlapping = timed.filter(
        (o) =>
          o !== c &&
          !sameExperiment(o.entry, c.entry) &&
          zonesOf(audience, tenants).some((zone) => schedulesOverlap(c.entry.doc.schedule, o.entry.doc.schedule, zone)),
      );
      if (overlapping.length === 0) continue;
      problems.push({
        file: c.entry.file,
        pointer: '/schedule',
        message: `schedule overlaps ${overlapping.map((o) => o.entry.file).join(', ')} for ${describe(audience)} in ${key}: both would serve at once`,
      });
    }
  }
  return problems;
}

function experimentProblems(entries: readonly LoadedDocument[]): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const arms = new Map<string, LoadedDocument[]>();
  for (const entry of entries) {
    const id = entry.doc.experiment?.id;
    if (id !== undefined) arms.set(id, [...(arms.get(id) ?? []), entry]);
  }
  const audienceOf = (e: LoadedDocument) =>
    JSON.stringify([
      e.doc.kind,
      slotOf(e),
      [...e.doc.serves].sort(),
      [...(e.doc.tenants ?? [])].sort(),
      e.doc.schedule ?? null,
    ]);
  for (const [id, list] of arms) {
    const total = list.reduce((sum, e) => sum + (e.doc.experiment?.weight ?? 0), 0);
    const files = list.map((e) => e.file).join(', ');
    for (const entry of list) {
      if (list.length < 2)
        problems.push({
          file: entry.file,
          pointer: '/experiment/id',
          message: `experiment "${id}" has only this document: it needs two or more variants (or remove the field)`,
        });
      else if (total !== 100)
        problems.push({
          file: entry.file,
          pointer: '/experiment/weight',
          message: `the weights of experiment "${id}" sum to ${total}, not 100 (${files})`,
        });
      if (list.some((o) => o !== entry && audienceOf(o) !== audienceOf(entry)))
        problems.push({
          file: entry.file,
          pointer: '/experiment',
          message: `the variants of experiment "${id}" must have the same kind, slot, serves, tenants and schedule (${files})`,
        });
      if (list.some((o) => o !== entry && o.doc.experiment?.variant === entry.doc.experiment?.variant))
        problems.push({
          file: entry.file,
          pointer: '/experiment/variant',
          message: `variant "${entry.doc.experiment?.variant}" appears twice in experiment "${id}" (${files})`,
        });
    }
  }
  return problems;
}

export const claimsOf = (entry: LoadedDocument): TenantClaims => ({
  file: entry.file,
  tenants: entry.doc.tenants ?? [],
});

/** A file's `tenants` entries as written: of a loaded document, or of one rejected for other faults. */
export interface TenantClaims {
  file: string;
  tenants: readonly unknown[];
}

function unknownTenantProblems(claims: readonly TenantClaims[], tenants: readonly KnownTenant[]): LayoutProblem[] {
  const known = new Set(tenants.flatMap((t) => t.hosts));
  return claims.flatMap(({ file, tenants: hosts }) =>
    hosts.flatMap((host, i) =>
      typeof host !== 'string' || known.has(host)
        ? []
        : [{ file, pointer: `/tenants/${i}`, message: `unknown tenant "${host}": no site has this host` }],
    ),
  );
}

/**
 * Problems of a set of documents taken together; each is reported on every file involved, naming the others. A
 * missing default is reported on `${dir}/${kind}`. `tenants`: the sites known (omitted: tenants are not checked and
 * schedules are compared in UTC). `claims`: the `tenants` entries checked against them, by default the entries'; pass
 * those of every file read so that a document rejected for another fault still has its unknown tenants reported.
 */
export function servingProblems(
  entries: readonly LoadedDocument[],
  dir: string,
  tenants?: readonly KnownTenant[],
  claims: readonly TenantClaims[] = entries.map(claimsOf),
): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const groups = new Map<string, LoadedDocument[]>();
  for (const entry of entries) {
    const key = groupKey(entry.doc.kind, slotOf(entry));
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  for (const [key, group] of groups) problems.push(...audienceProblems(key, group, tenants ?? []));
  problems.push(...experimentProblems(entries));
  if (tenants) problems.push(...unknownTenantProblems(claims, tenants));
  const needed = new Set([...REQUIRED_SLOTS.map((s) => groupKey(s.kind, s.slot)), ...groups.keys()]);
  for (const key of needed) {
    const hasDefault = (groups.get(key) ?? []).some(
      (entry) => entry.doc.serves.includes(DEFAULT_SERVES) && entry.doc.schedule === undefined,
    );
    if (hasDefault) continue;
    const [kind, slot] = key.split('/');
    problems.push({
      file: `${dir}/${kind}`,
      pointer: '/serves',
      message: `no default ${kind} document for slot ${slot}: exactly one unscheduled document must serve ["*"]`,
    });
  }
  return problems;
}
