// Endpoint path of a call without a query key (the table: ./index.ts), read by the vote prompt's api module.
export const votePath = '/api/end-user/coupon/vote';
/** Amends the sender's own "No" vote with its reason (issue 26). */
export const voteReasonPath = '/api/end-user/coupon/vote/reason';
