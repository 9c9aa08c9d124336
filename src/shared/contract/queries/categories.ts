// Endpoint paths and query keys (the table: ./index.ts), read by src/client/api/categories.ts.
export const categoriesPath = '/api/end-user/coupon/getUniqueCategoryAndCount';
export const categoriesKey = (host: string) => ['categories', host] as const;
