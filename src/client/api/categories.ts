import { atomWithQuery } from 'jotai-tanstack-query';
import type { Answer } from '../../shared/contract/envelopes';
import type { CategoryCount } from '../../shared/contract/entities';
import { categoriesKey, categoriesPath } from '../../shared/contract/queries/categories';
import { request } from './http';
import { keyed } from './keyed';

/** Every category of the tenant with its coupon count (SPEC §7 getUniqueCategoryAndCount). */
export const categoriesAtom = keyed((host: string) =>
  atomWithQuery(() => ({
    queryKey: categoriesKey(host),
    queryFn: async ({ signal }) => (await request<Answer<CategoryCount[]>>(categoriesPath, { signal })).data,
  })),
);
