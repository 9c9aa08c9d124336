// Endpoint path of a call without a query key (the table: ./index.ts), read by src/client/api/store-follow.ts.
export const followStorePath = '/api/end-user/store/follow';
