// The all-stores page's A–Z grouping: which letter a store files under, the groups of one page, and where each letter starts.

/** '#' (digits and symbols) then A–Z, the order of the jump bar. */
export const LETTERS: readonly string[] = ['#', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

/** The letter a name files under: its first character without accents, upper-cased; anything else is '#'. */
export function letterOf(name: string): string {
  const first = name
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .charAt(0)
    .toUpperCase();
  return first >= 'A' && first <= 'Z' ? first : '#';
}

/** Id of a letter's group on the page (the jump bar's link target). */
export function letterId(letter: string): string {
  return `stores-letter-${letter === '#' ? 'other' : letter.toLowerCase()}`;
}

export interface LetterGroup<T> {
  letter: string;
  items: T[];
}

/** Items grouped by letter, groups in order of first appearance, items in their given (API) order. */
export function groupByLetter<T>(items: readonly T[], nameOf: (item: T) => string): LetterGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const letter = letterOf(nameOf(item));
    const group = groups.get(letter);
    if (group) group.push(item);
    else groups.set(letter, [item]);
  }
  return [...groups].map(([letter, list]) => ({ letter, items: list }));
}

/** The page (1-based, `perPage` a page) each letter first appears on, given every name in the list's order. */
export function letterPages(names: readonly string[], perPage: number): Map<string, number> {
  const pages = new Map<string, number>();
  names.forEach((name, i) => {
    const letter = letterOf(name);
    if (!pages.has(letter)) pages.set(letter, Math.floor(i / Math.max(1, perPage)) + 1);
  });
  return pages;
}
