import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ChromeIcon } from './chrome-icon';
import { searchHref, storeSearchTerm } from './search-term';
import './search-box.css';

interface Props {
  placeholder: string;
  buttonLabel: string;
  /** Where a search goes (settings.searchRoute, e.g. /searchpage); the term is added as ?q=. */
  route: string;
  className?: string;
}

/** SPEC §2 search: Enter or the button stores the term and opens the search route; a blank term does nothing. */
export function SearchBox({ placeholder, buttonLabel, route, className = '' }: Props) {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const inputId = useId();

  function search(): void {
    const value = term.trim();
    if (!value) return;
    storeSearchTerm(value);
    navigate(searchHref(route, value));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    search();
  }

  // Enter is handled here (and implicit submission cancelled) so it searches exactly once, never mid-IME composition.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    search();
  }

  return (
    <form role="search" aria-label="Site search" className={`search-box ${className}`} onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        {placeholder}
      </label>
      <ChromeIcon name="search" size={20} className="search-box-icon" />
      <input
        id={inputId}
        type="search"
        className="search-box-input"
        placeholder={placeholder}
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="search-box-button">
        {buttonLabel}
      </button>
    </form>
  );
}
