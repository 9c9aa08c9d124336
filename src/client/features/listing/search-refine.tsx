import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ChromeIcon } from '../../components/chrome/chrome-icon';
import { searchHref, storeSearchTerm } from '../../components/chrome/search-term';
import { pageSettings } from '../../config/page-settings';
import '../../components/chrome/search-box.css';

/** The search page's own box, filled with the current term: a new term is stored and opens /searchpage?q=term (page 1). */
export function SearchRefine({ term }: { term: string }) {
  const navigate = useNavigate();
  const id = useId();
  const [value, setValue] = useState(term);
  const [seen, setSeen] = useState(term);
  if (term !== seen) {
    setSeen(term);
    setValue(term);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const next = value.trim();
    if (!next) return;
    storeSearchTerm(next);
    navigate(searchHref('/searchpage', next));
  }

  return (
    <form role="search" aria-label="Refine search" className="search-box search-refine" onSubmit={onSubmit}>
      <label htmlFor={id} className="visually-hidden">
        Search stores and deals
      </label>
      <ChromeIcon name="search" size={20} className="search-box-icon" />
      <input
        id={id}
        type="search"
        className="search-box-input"
        placeholder="Search stores and deals"
        value={value}
        maxLength={pageSettings.searchTermMaxLength}
        onChange={(e) => setValue(e.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="search-box-button">
        Search
      </button>
    </form>
  );
}
