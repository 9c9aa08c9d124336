// Endpoint path of a call without a query key (the table: ./index.ts), read by src/client/api/newsletter.ts.
export const subscribePath = '/end-user/newsletter/email-subscribe';
