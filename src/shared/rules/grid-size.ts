/** A size used in slice(0, n) must be a non-negative integer: a negative n would count from the end. */
function safeSize(n: number): number {
  return Number.isNaN(n) ? 0 : Math.max(0, Math.floor(n));
}

/** SPEC §4: the deal grid shows `collapsed` items (8 or 11) until Show more, then `expandedSize` (17 or 18). */
export function gridSize(expanded: boolean, collapsed: number, expandedSize: number): number {
  return safeSize(expanded ? expandedSize : collapsed);
}

/** SPEC §4: each press of Show more / Show less flips the grid between its two sizes. */
export function nextExpanded(expanded: boolean): boolean {
  return !expanded;
}
