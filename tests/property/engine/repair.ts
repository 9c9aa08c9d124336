// Nudges random settings toward the cross-field rules (collapsed ≤ expanded, offsets inside fetch limits…) so that few
// generated documents are discarded; whatever still breaks a rule is filtered out by the real validator.
type Settings = Record<string, unknown>;

const int = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);

function repairStoreList(s: Settings | undefined): void {
  if (!s) return;
  const offset = int(s.offset, 0);
  const count = int(s.count, 1);
  s.fetchLimit = Math.max(int(s.fetchLimit, 1), offset + count);
}

export function repairSettings(type: string, s: Settings): Settings {
  const copy = structuredClone(s);
  if (type === 'deal-grid') {
    const [a, b] = [int(copy.collapsed, 1), int(copy.expanded, 1)].sort((x, y) => x - y);
    copy.collapsed = a;
    copy.expanded = b;
    if (Array.isArray(copy.bannerPositions)) {
      const n = copy.bannerPositions.length;
      copy.bannerPositions = (copy.bannerPositions as number[]).filter((p) => p <= int(b, 1) + n - 1);
    }
  }
  if (type === 'store-strip' || type === 'store-grid') repairStoreList(copy);
  if (type === 'stores-newsletter-row') repairStoreList(copy.stores as Settings | undefined);
  if (type === 'recommended-deals' && Array.isArray(copy.grids)) {
    const need = Math.max(0, ...(copy.grids as Settings[]).map((g) => int(g.offset, 0) + int(g.count, 1)));
    copy.fetchLimit = Math.max(int(copy.fetchLimit, 1), need);
  }
  if (type === 'store-tabs') {
    const vc = copy.visitCounts as Settings | undefined;
    if (vc && typeof vc.min === 'number' && typeof vc.max === 'number' && vc.min > vc.max)
      [vc.min, vc.max] = [vc.max, vc.min];
    const tabs = Array.isArray(copy.tabs) ? copy.tabs.length : 2;
    if (typeof copy.initialTab === 'number' && tabs > 0) copy.initialTab = Math.min(copy.initialTab, tabs);
  }
  return copy;
}
