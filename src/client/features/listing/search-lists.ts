// What a search page lists, from its address: one rule for the page (search-results.tsx) and for the server's loader
// that fetches the same lists before drawing it (pages/page-loaders.ts), so both ask for the same query keys.

/** 'all': the first stores and a paged list of deals; 'stores' (?type=stores): every matching store, paged. */
export type SearchView = 'all' | 'stores';

export const searchViewOf = (type: string | null): SearchView => (type === 'stores' ? 'stores' : 'all');

/** Which page of each list the view shows, and the deals' offer filters (none on the stores view). */
export function searchLists(view: SearchView, page: number, offersKey: string) {
  return view === 'stores'
    ? { storesPage: page, couponsPage: 1, offers: '' }
    : { storesPage: 1, couponsPage: page, offers: offersKey };
}
