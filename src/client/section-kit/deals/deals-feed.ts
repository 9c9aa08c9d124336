import { atom, type Atom } from 'jotai';
import type { Coupon } from '../../../shared/contract/entities';
import type { DealSource } from '../../../shared/layout/types';
import { latestCouponsAtom, recommendedCouponsAtom } from '../../api/coupons';
import { keyed } from '../../api/keyed';

/** A deal list for rendering, whatever its source: loading, failed (list cleared, SPEC §4) or loaded. */
export interface DealsFeed {
  status: 'pending' | 'error' | 'success';
  coupons: Coupon[];
  refetch: () => void;
}

/** The first `limit` coupons of a source: 'recommended' (recommended first) or 'latest' (newest first, page 1). */
export const dealsFeedAtom = keyed((host: string, source: DealSource, limit: number): Atom<DealsFeed> =>
  atom((get): DealsFeed => {
    if (source === 'latest') {
      const result = get(latestCouponsAtom(host, 1, limit));
      return {
        status: result.status,
        coupons: result.status === 'success' ? (result.data.data ?? []) : [],
        refetch: () => void result.refetch(),
      };
    }
    const result = get(recommendedCouponsAtom(host, limit));
    return {
      status: result.status,
      coupons: result.status === 'success' ? (result.data ?? []) : [],
      refetch: () => void result.refetch(),
    };
  }),
);
