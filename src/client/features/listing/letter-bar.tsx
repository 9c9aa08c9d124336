import { Link } from 'react-router-dom';
import { usePageHref, usePageParam } from '../../components/pagination';
import { LETTERS, letterId } from './letters';

interface Props {
  /** Letters with a group on the page shown now. */
  onPage: ReadonlySet<string>;
  /** Page each letter starts on across the whole list (null while unknown: only this page's letters are links). */
  pages: ReadonlyMap<string, number> | null;
}

const letterName = (letter: string) => (letter === '#' ? 'a number or symbol' : letter);

/** A–Z jump bar: a letter on this page scrolls to its group, one on another page opens that page at the group. */
export function LetterBar({ onPage, pages }: Props) {
  const pageHref = usePageHref();
  const here = usePageParam();
  const href = (letter: string): string | null => {
    const page = onPage.has(letter) ? here : pages?.get(letter);
    return page ? pageHref(page, `#${letterId(letter)}`) : null;
  };
  return (
    <nav className="letter-bar" aria-label="Stores by first letter">
      <ul>
        {LETTERS.map((letter) => {
          const to = href(letter);
          return (
            <li key={letter}>
              {to ? (
                <Link
                  to={to}
                  aria-label={`Stores starting with ${letterName(letter)}`}
                  className={onPage.has(letter) ? 'letter-bar-here' : undefined}
                >
                  {letter}
                </Link>
              ) : (
                <span aria-disabled="true" title={`No stores starting with ${letterName(letter)}`}>
                  {letter}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
