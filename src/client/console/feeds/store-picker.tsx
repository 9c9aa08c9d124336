import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { AdminStore } from '../../../shared/contract/admin';
import { admin } from '../admin-client';
import { messageOf } from './feed-words';

// Issue 30: choosing the store an advertiser is, by searching the catalogue's stores (the WAI-ARIA combobox with a
// list popup: type to search, arrows to move, Enter to choose, Escape to close).

export interface StoreChoice {
  id: string;
  name: string;
}

const SEARCH_DELAY_MS = 250;
const SHOWN = 8;

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** The stores matching `query` (null: not searching), read a moment after typing stops; the latest answer wins. */
function useStoreSearch(query: string | null) {
  const [found, setFound] = useState<AdminStore[]>([]);
  const [state, setState] = useState<{ loading: boolean; error: string | null }>({ loading: false, error: null });
  const latest = useRef(0);
  useEffect(() => {
    if (query === null) return;
    const mine = ++latest.current;
    const timer = setTimeout(() => {
      setState({ loading: true, error: null });
      admin('listStores', { query: { q: query.trim() || undefined, per_page: SHOWN } })
        .then((res) => {
          if (mine !== latest.current) return;
          setFound(res.data);
          setState({ loading: false, error: null });
        })
        .catch((err: unknown) => {
          if (mine === latest.current) setState({ loading: false, error: messageOf(err) });
        });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      latest.current += 1;
    };
  }, [query]);
  return { found, ...state };
}

function foundText(open: boolean, s: ReturnType<typeof useStoreSearch>): string {
  if (!open) return '';
  if (s.error) return `The stores could not be searched: ${s.error}`;
  if (s.loading) return 'Searching…';
  return s.found.length === 0 ? 'No store matches.' : `${s.found.length} stores; arrows to move, Enter to choose.`;
}

export function StorePicker(props: { label: string; value: StoreChoice | null; onPick: (s: StoreChoice) => void }) {
  const id = useId();
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = useStoreSearch(query);
  const options = open ? search.found : [];

  const close = () => {
    setOpen(false);
    setQuery(null);
    setActive(-1);
  };
  const pick = (s: AdminStore) => {
    props.onPick({ id: s._id, name: s.name });
    close();
  };
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setQuery(query ?? '');
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => Math.max(0, Math.min(options.length - 1, a + step)));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      const chosen = options[active] ?? (options.length === 1 ? options[0] : undefined);
      if (chosen) pick(chosen);
    } else if (e.key === 'Escape' && open) {
      // Closes the list only (not the form or view around it).
      e.stopPropagation();
      close();
    }
  }
  return (
    <div className="store-picker">
      <label htmlFor={`${id}-input`} className="sr-only">
        {props.label}
      </label>
      <input
        id={`${id}-input`}
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${id}-option-${active}` : undefined}
        autoComplete="off"
        placeholder="Search stores…"
        value={query ?? props.value?.name ?? ''}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={props.label}
        hidden={!open || options.length === 0}
        // Keeps the focus in the input while an option is clicked.
        onMouseDown={(e) => e.preventDefault()}
      >
        {options.map((s, i) => (
          <li key={s._id} id={`${id}-option-${i}`} role="option" aria-selected={i === active} onClick={() => pick(s)}>
            {s.name} {s.website_url && <small>{hostOf(s.website_url)}</small>}
          </li>
        ))}
      </ul>
      <span role="status" className="sr-only">
        {foundText(open, search)}
      </span>
    </div>
  );
}
