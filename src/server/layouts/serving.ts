import type { LayoutKind, LayoutProblem, LayoutSlot, LoadedDocument } from '../../shared/layout/types';

// Which document answers which home_page value: one per value and exactly one default ("*") per kind and slot.

export const DEFAULT_SERVES = '*';

/** The (kind, slot) pairs a page needs; each must have a default document. */
export const REQUIRED_SLOTS: readonly { kind: LayoutKind; slot: LayoutSlot }[] = [
  { kind: 'home', slot: 'main' },
  { kind: 'header', slot: 'main' },
  { kind: 'footer', slot: 'main' },
  { kind: 'footer', slot: 'mobile' },
];

export function slotOf(entry: LoadedDocument): LayoutSlot {
  return entry.doc.slot ?? 'main';
}

function groupKey(kind: LayoutKind, slot: LayoutSlot): string {
  return `${kind}/${slot}`;
}

/**
 * Problems of a set of documents taken together: a home_page value served twice in one (kind, slot) is reported on
 * every file involved, naming the others; so is a second default. A missing default is reported on `${dir}/${kind}`.
 */
export function servingProblems(entries: readonly LoadedDocument[], dir: string): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const groups = new Map<string, LoadedDocument[]>();
  for (const entry of entries) {
    const key = groupKey(entry.doc.kind, slotOf(entry));
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  for (const [key, group] of groups) {
    const servedBy = new Map<string, LoadedDocument[]>();
    for (const entry of group) {
      for (const value of entry.doc.serves) servedBy.set(value, [...(servedBy.get(value) ?? []), entry]);
    }
    for (const [value, docs] of servedBy) {
      if (docs.length < 2) continue;
      for (const entry of docs) {
        const others = docs
          .filter((other) => other !== entry)
          .map((other) => other.file)
          .join(', ');
        const what =
          value === DEFAULT_SERVES ? `several defaults ("*") for ${key}` : `"${value}" is served twice in ${key}`;
        problems.push({
          file: entry.file,
          pointer: `/serves/${entry.doc.serves.indexOf(value)}`,
          message: `${what}; also in ${others}`,
        });
      }
    }
  }
  const needed = new Set([...REQUIRED_SLOTS.map((s) => groupKey(s.kind, s.slot)), ...groups.keys()]);
  for (const key of needed) {
    const hasDefault = (groups.get(key) ?? []).some((entry) => entry.doc.serves.includes(DEFAULT_SERVES));
    if (hasDefault) continue;
    const [kind, slot] = key.split('/');
    problems.push({
      file: `${dir}/${kind}`,
      pointer: '/serves',
      message: `no default ${kind} document for slot ${slot}: exactly one must serve ["*"]`,
    });
  }
  return problems;
}
