// Endpoint path of a call without a query key (the table: ./index.ts), read by src/client/api/search.ts.
export const recordSearchPath = '/api/end-user/search/record';
