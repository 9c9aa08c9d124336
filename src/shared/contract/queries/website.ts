// Endpoint paths and query keys (the table: ./index.ts), read by src/client/api/website.ts.
export const websitePath = '/api/end-user/website-data/fetchByDomain';
export const websiteKey = (host: string) => ['website', host] as const;
