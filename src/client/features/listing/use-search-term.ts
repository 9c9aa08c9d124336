import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SEARCH_QUERY_PARAM, readSearchTerm, storeSearchTerm } from '../../components/chrome/search-term';
import { pageSettings } from '../../config/page-settings';

/** A term as the search page uses it: trimmed and cut to what the search APIs accept (the server's loader too). */
export function searchTermOf(raw: string): string {
  return raw.trim().slice(0, pageSettings.searchTermMaxLength).trim();
}

/**
 * The search page's term: ?q= when the address has one (a shared or reloaded link wins), else the term the header
 * stored in sessionStorage ('searchTerm'). Trimmed and cut to what the search APIs accept. A ?q= term is stored too,
 * so /searchpage without it shows the same results later in the session.
 */
export function useSearchTerm(): string {
  const [params] = useSearchParams();
  const fromUrl = params.get(SEARCH_QUERY_PARAM);
  const term = searchTermOf(fromUrl ?? readSearchTerm() ?? '');
  useEffect(() => {
    if (fromUrl !== null && term && readSearchTerm() !== term) storeSearchTerm(term);
  }, [fromUrl, term]);
  return term;
}
