// Apart from ./http (which every page loads): only the listing pages' queries read it.
/**
 * A listing's offer filters as the API's query: `offers` is the page address's non-default filters (offerParamsKey in
 * src/shared/rules/offer-params.ts), the same string the query key holds.
 */
export const offerQueryOf = (offers: string): Record<string, string> => Object.fromEntries(new URLSearchParams(offers));
