import { atomWithQuery } from 'jotai-tanstack-query';
import type { Answer } from '../../shared/contract/envelopes';
import type { CategoryCount } from '../../shared/contract/entities';
import { queries } from '../../shared/contract/queries';
import { request } from './http';
import { keyed } from './keyed';

/** Every category of the tenant with its coupon count (SPEC §7 getUniqueCategoryAndCount). */
export const categoriesAtom = keyed((host: string) =>
  atomWithQuery(() => ({
    queryKey: queries.categories.key(host),
    queryFn: async ({ signal }) => (await request<Answer<CategoryCount[]>>(queries.categories.path, { signal })).data,
  })),
);
