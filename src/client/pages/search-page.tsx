import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { recordSearchOnce } from '../api/search';
import { bootstrapAtom } from '../lib/bootstrap-atom';
import { usePageTitle } from '../app/effects';
import { usePageParam } from '../components/pagination';
import { SearchRefine } from '../features/listing/search-refine';
import { SearchResults } from '../features/listing/search-results';
import { searchViewOf, type SearchView } from '../features/listing/search-lists';
import { SearchSuggestions } from '../features/listing/search-suggestions';
import { useFocusOnChange } from '../features/listing/use-focus-on-change';
import { useSearchTerm } from '../features/listing/use-search-term';
import '../features/listing/listing.css';
import '../features/listing/search.css';

/**
 * /searchpage: stores and deals for the term (?q= wins over the header's sessionStorage 'searchTerm'), paged (?page=N,
 * ?type=stores for every matching store), a box to refine, suggestions when nothing matches; each term recorded once.
 */
export function SearchPage() {
  const term = useSearchTerm();
  usePageTitle(term ? `Search results for “${term}”` : 'Search');
  const host = useAtomValue(bootstrapAtom).host;
  const page = usePageParam();
  const [params] = useSearchParams();
  const view: SearchView = searchViewOf(params.get('type'));
  const headingRef = useFocusOnChange<HTMLHeadingElement>(`${view}:${page}`, term);

  useEffect(() => {
    if (term) recordSearchOnce(term);
  }, [term]);

  return (
    <div className="page listing-page search-page">
      <header className="listing-head search-head">
        <h1 ref={headingRef} tabIndex={-1} className="listing-title">
          {term ? `Search results for “${term}”` : 'Search stores and deals'}
        </h1>
        <SearchRefine term={term} />
      </header>
      {term ? (
        <SearchResults key={term} host={host} term={term} page={page} view={view} />
      ) : (
        <>
          <p className="listing-lead search-start">
            Type a store name or what you want to buy, or start from a popular category or store.
          </p>
          <SearchSuggestions host={host} />
        </>
      )}
    </div>
  );
}
