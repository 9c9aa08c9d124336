import { useEffect, useId, useState, type FormEvent } from 'react';
import { pageSettings } from '../../config/page-settings';

interface Props {
  /** The filter in the address (?name=). */
  value: string;
  /** Called with the trimmed term after the shopper pauses typing, or at once on Enter. */
  onApply: (term: string) => void;
}

/** Live name filter of the all-stores page: debounced, so each pause (not each key) asks the API. */
export function StoreFilter({ value, onApply }: Props) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  // The address changed on its own (back button, a link): show its filter.
  if (value !== seen) {
    setSeen(value);
    if (value !== draft.trim()) setDraft(value);
  }

  useEffect(() => {
    const next = draft.trim();
    if (next === value) return;
    const timer = setTimeout(() => onApply(next), pageSettings.storeFilterDebounceMs);
    return () => clearTimeout(timer);
  }, [draft, value, onApply]);

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (draft.trim() !== value) onApply(draft.trim());
  }

  return (
    <form role="search" aria-label="Filter stores" className="listing-filter" onSubmit={onSubmit}>
      <label htmlFor={id} className="listing-filter-label">
        Find a store
      </label>
      <input
        id={id}
        type="search"
        className="listing-filter-input"
        placeholder="Type a store name"
        value={draft}
        maxLength={pageSettings.searchTermMaxLength}
        onChange={(e) => setDraft(e.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
    </form>
  );
}
