// Issue 29: an editor may publish only what their own tenants' shoppers see (decision 024's rule for stores, applied to
// layouts; docs/decisions/037-layout-versions.md). A document reaches a tenant through `serves` (home_page values: any
// tenant choosing that value, today or later, and "*" every tenant) or through the hosts of `tenants`. So a document
// stays within an editor's reach only when it has no `serves` entry and every `tenants` host is one of theirs.

/** One document's text in a change: null where there is none (added: before; removed: after). */
export type TouchedText = string | null;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * True when the text aims only at `hosts` (the hosts of the editor's tenants); no document reaches no one. A text that
 * is not a JSON object, or whose `serves`/`tenants` is not a list, cannot be placed, so it is not within reach.
 */
export function withinHosts(text: TouchedText, hosts: ReadonlySet<string>): boolean {
  if (text === null) return true;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return false;
  }
  if (!isRecord(doc)) return false;
  const { serves = [], tenants = [] } = doc;
  if (!Array.isArray(serves) || !Array.isArray(tenants)) return false;
  return serves.length === 0 && tenants.every((host) => typeof host === 'string' && hosts.has(host));
}

/** An editor may publish a change when every text it touches, as published before and as it would be, is theirs. */
export function editorMayPublish(texts: readonly TouchedText[], hosts: ReadonlySet<string>): boolean {
  return texts.every((text) => withinHosts(text, hosts));
}

/** The paths whose text differs between two sets (added, edited or removed), sorted. */
export function touchedPaths(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((p) => before.get(p) !== after.get(p)).sort();
}
