/**
 * Numbers of the pages that are not layout documents (SPEC §2 says their contents are "not shown").
 * Kept in one place so product can tune them; the deal card cuts are SPEC §2's.
 */
export const pageSettings = {
  dealCard: { tagCut: 28, titleCut: 48, descriptionCut: 60, ellipsis: '...', buttonLabel: 'View' },
  couponsPerPage: 12,
  storesPerPage: 48,
  newStoresCount: 48,
  searchPerPage: 12,
  relatedStores: 8,
  redirectCountdownSeconds: 5,
} as const;
