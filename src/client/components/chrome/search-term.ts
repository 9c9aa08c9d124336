// The header's search hand-off to the search page: the term in session storage and in the URL (?q=).

/** sessionStorage key holding the last searched term (SPEC §2 "stores the term"); the search page reads it. */
export const SEARCH_TERM_KEY = 'searchTerm';
/** Query parameter carrying the same term, so a search result URL can be shared or reloaded. */
export const SEARCH_QUERY_PARAM = 'q';

export function storeSearchTerm(term: string): void {
  try {
    sessionStorage.setItem(SEARCH_TERM_KEY, term);
  } catch {
    // storage blocked (privacy mode): the ?q= parameter still carries the term
  }
}

export function readSearchTerm(): string | null {
  try {
    return sessionStorage.getItem(SEARCH_TERM_KEY);
  } catch {
    return null;
  }
}

/** `route` with ?q=term added (keeps any query the route already has). */
export function searchHref(route: string, term: string): string {
  const [path, query = ''] = route.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set(SEARCH_QUERY_PARAM, term);
  return `${path}?${params.toString()}`;
}
