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
  /** SPEC §9 toast defaults: top-right, auto close 5000 ms. */
  toastDurationMs: 5000,
  /** Contact form limits: the sendMail route refuses longer values (src/server/routes/mail.ts). */
  contactForm: { nameMaxLength: 200, messageMaxLength: 5000 },
  /** Store page: stars the average rating is drawn on (store-rating-average answers 0–5). */
  ratingStars: 5,
  /** Store page: coupon cards drawn while the store loads (the API's default page holds up to 20). */
  storeSkeletonCards: 4,
  /** Category empty state: how many of the biggest categories it suggests. */
  suggestedCategories: 8,
  /** Categories page: placeholder tiles while the list loads. */
  categoriesSkeletonTiles: 12,
  /** All-stores letter bar: names per request (the API's per_page maximum) and at most this many requests. */
  storeIndex: { pageSize: 100, maxPages: 5 },
  /** All-stores name filter: the pause after typing before the API is asked. */
  storeFilterDebounceMs: 300,
  /** Search terms longer than this are cut (the search APIs refuse over 100 characters). */
  searchTermMaxLength: 100,
  /** Search page: placeholders while results load, and what the empty state suggests. */
  searchSkeletons: { stores: 6, deals: 4 },
  searchSuggestions: { categories: 10, stores: 12 },
} as const;
