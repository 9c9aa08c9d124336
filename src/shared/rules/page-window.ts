/**
 * Page numbers to show around the current page: always the first and last, `radius` either side of the current,
 * null where pages are skipped. E.g. (7, 20) → [1, null, 5, 6, 7, 8, 9, null, 20].
 */
export function pageWindow(current: number, total: number, radius = 2): (number | null)[] {
  if (!(total >= 1)) return [];
  const page = Math.min(Math.max(1, Math.floor(current) || 1), Math.floor(total));
  const last = Math.floor(total);
  const pages: (number | null)[] = [];
  for (let n = 1; n <= last; n++) {
    if (n === 1 || n === last || Math.abs(n - page) <= radius) pages.push(n);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}
