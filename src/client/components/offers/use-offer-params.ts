import { useSearchParams } from 'react-router-dom';
import { offerQuery, parseOfferParams, type OfferParams, offerParamsKey } from '../../../shared/rules/offer-params';

// A listing page's offer filters live in its address (?type=code&verified=1&sort=ending_soon): a filtered view can be
// shared, survives a reload and is drawn by the server exactly as here (the server renders with the same address).

const OWN = ['type', 'verified', 'sort', 'show'];

export interface OfferParamsState {
  params: OfferParams;
  /** The non-default filters as a string: the query key part and the API query of the page's atom. */
  key: string;
  /** Shows other filters from page 1 (the pages of one filter are not those of another). */
  change: (next: OfferParams) => void;
}

export function useOfferParams(): OfferParamsState {
  const [search, setSearch] = useSearchParams();
  const params = parseOfferParams((name) => search.get(name));
  function change(next: OfferParams) {
    const updated = new URLSearchParams(search);
    for (const name of [...OWN, 'page']) updated.delete(name);
    for (const [name, value] of Object.entries(offerQuery(next))) updated.set(name, value);
    setSearch(updated, { replace: true });
  }
  return { params, key: offerParamsKey(params), change };
}
