// What a click-out is attributed to and where its sub-ID goes (issue 31): a plain module, so the shop's reveal code
// and the console's store form use it without the revenue contract's schemas (src/shared/contract/revenue.ts
// re-exports it for the API's shapes).

/** The page a click-out left from (the `from` of /out/:couponId; anything else is 'other'). */
export const CLICK_PAGES = ['home', 'store', 'category', 'search', 'coupons', 'redirect', 'other'] as const;
export type ClickPage = (typeof CLICK_PAGES)[number];

/** A store's own sub-ID parameter for links of other networks: a query parameter name. */
export const SUB_ID_PARAM_PATTERN = '^[A-Za-z][A-Za-z0-9_.\\-]{0,39}$';
