import { atomWithQuery } from 'jotai-tanstack-query';
import type { ApiAnswer, CategoryCount } from '../../shared/api/entities';
import { request } from './http';
import { keyed } from './keyed';

export const categoryKeys = { all: (host: string) => ['categories', host] as const };

/** Every category of the tenant with its coupon count (SPEC §7 getUniqueCategoryAndCount). */
export const categoriesAtom = keyed((host: string) =>
  atomWithQuery(() => ({
    queryKey: categoryKeys.all(host),
    queryFn: async ({ signal }) => (await request<ApiAnswer<CategoryCount[]>>('/api/end-user/coupon/getUniqueCategoryAndCount', { signal })).data,
  })),
);
