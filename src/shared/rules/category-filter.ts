/**
 * SPEC §2/§4 live category filter: case-insensitive substring match, order kept, blank query keeps all.
 * The query is trimmed at both ends (a trailing space while typing should not empty the list).
 */
export function filterCategories<T extends { category: string }>(list: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...list];
  // category may be null in API data despite the type; String(?? '') keeps the filter from throwing.
  return list.filter((entry) =>
    String(entry.category ?? '')
      .toLowerCase()
      .includes(needle),
  );
}
