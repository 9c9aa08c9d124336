// The API's endpoint paths and the browser's query keys, each declared once (`<name>Path`, `<name>Key`): the routes
// register these paths, the browser's query atoms (src/client/api/<file>.ts imports ./<file>.ts) call them, and the
// server's inliner (src/server/site, through this index) stores their answers under the key the atom asks for. Keys
// start with the tenant's host. Plain constants in one file per browser module: each ships in the chunk that uses it, with no table
// object around it; the browser never imports this index (lint).
export * from './banners';
export * from './categories';
export * from './contact';
export * from './coupon-pages';
export * from './coupon-url';
export * from './coupons';
export * from './newsletter';
export * from './search';
export * from './store-pages';
export * from './stores';
export * from './website';
export * from './votes';
export * from './store-follow';
