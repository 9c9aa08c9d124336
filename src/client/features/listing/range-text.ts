import { countText } from '../../../shared/rules';

// The visible and announced count line of a paged list ("Showing 13–24 of 411 deals").

export interface Noun {
  one: string;
  many: string;
}

export const plural = (n: number, noun: Noun) => `${countText(n)} ${n === 1 ? noun.one : noun.many}`;

/** "Showing first–last of total nouns" for a page; the whole count when it fits one page; null when the page is past the end. */
export function rangeText(page: number, perPage: number, total: number, noun: Noun): string | null {
  if (total <= 0) return `No ${noun.many}`;
  const first = (page - 1) * perPage + 1;
  if (first > total) return null;
  const last = Math.min(total, page * perPage);
  if (first === 1 && last === total) return plural(total, noun);
  return `Showing ${countText(first)}–${countText(last)} of ${plural(total, noun)}`;
}
