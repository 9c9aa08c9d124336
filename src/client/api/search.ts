import type { MessageAnswer } from '../../shared/contract/envelopes';
import { recordSearchPath } from '../../shared/contract/queries/search';
import { request } from './http';

// Search recording: the search page tells the API once per term and browser session (paging, reloads and
// React's double effects must not count the same search again; a new term is a new search).

const RECORDED_KEY = 'recordedSearches';
// Used when sessionStorage is blocked (privacy mode): then "once per term" holds for the page's lifetime.
const memory = new Set<string>();

const normalise = (term: string) => term.trim().toLowerCase();

function readRecorded(): Set<string> {
  try {
    const raw = sessionStorage.getItem(RECORDED_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : []);
  } catch {
    return new Set(memory);
  }
}

function writeRecorded(terms: Set<string>): void {
  memory.clear();
  for (const t of terms) memory.add(t);
  try {
    sessionStorage.setItem(RECORDED_KEY, JSON.stringify([...terms]));
  } catch {
    // storage blocked: the in-memory set still prevents doubles on this page
  }
}

/** POST /api/end-user/search/record {name}. */
export async function recordSearch(name: string): Promise<void> {
  await request<MessageAnswer>(recordSearchPath, { method: 'POST', body: { name } });
}

/**
 * Records `term` unless this session already did (case and surrounding spaces ignored). Returns whether a request was sent.
 * A failed request forgets the term again so the next visit retries; the failure itself is not the shopper's concern.
 */
export function recordSearchOnce(term: string): boolean {
  const key = normalise(term);
  if (!key) return false;
  const recorded = readRecorded();
  if (recorded.has(key)) return false;
  recorded.add(key);
  writeRecorded(recorded);
  recordSearch(term.trim()).catch(() => {
    const now = readRecorded();
    now.delete(key);
    writeRecorded(now);
  });
  return true;
}
