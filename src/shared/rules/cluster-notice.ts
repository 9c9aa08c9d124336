// The notices instances send each other over Redis (issue 17, src/server/cluster/bus.ts): what a notice looks like on
// the wire and which response-cache tags another instance may ask to drop. Pure, so fast-check covers them.
export type NoticeTopic = 'cache' | 'layouts';

export interface Notice {
  /** The sending instance (it ignores its own), or the tool that sent it ('layouts:publish'). */
  from: string;
  topic: NoticeTopic;
  data: string;
}

const TOPICS: ReadonlySet<string> = new Set<NoticeTopic>(['cache', 'layouts']);

export function encodeNotice(from: string, topic: NoticeTopic, data: string): string {
  return JSON.stringify({ from, topic, data } satisfies Notice);
}

/** The notice in a channel message, or null for anything else (never throws). */
export function decodeNotice(text: string): Notice | null {
  let n: unknown;
  try {
    n = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof n !== 'object' || n === null) return null;
  const { from, topic, data } = n as Record<string, unknown>;
  if (typeof from !== 'string' || typeof topic !== 'string' || typeof data !== 'string') return null;
  return TOPICS.has(topic) ? { from, topic: topic as NoticeTopic, data } : null;
}

/** The tags of the response cache (src/server/cache/response-cache.ts) another instance may drop. */
export function isCacheTag(tag: string): boolean {
  return tag === 'all' || tag === 'visits' || /^(tenant|store):[^\s:]+$/.test(tag);
}
