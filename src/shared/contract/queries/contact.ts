// Endpoint path of a call without a query key (the table: ./index.ts), read by src/client/api/contact.ts.
export const sendMailPath = '/api/end-user/mail/sendMail';
