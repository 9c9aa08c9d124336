import { atom } from 'jotai';
import type { Coupon } from '../../../shared/contract/entities';

/** The coupon a visitor picked in the landing layout's first grid; the redirect step shows it (null: closed). */
export const chosenCouponAtom = atom<Coupon | null>(null);
