// Store ratings, feature cards and "deals info" copy.
import { int, rngFor } from './prng';
import { storeIdentity } from './store-identity';
import type { DemoData } from './types';

export const RATING_STREAM = 0x5a7e;

/** 0–6 ratings per store, leaning towards 4 and 5 stars. */
export function makeRatings(seed: number, storeCount: number): DemoData['ratings'] {
  const out: DemoData['ratings'] = [];
  for (let i = 0; i < storeCount; i++) {
    const rng = rngFor(seed, RATING_STREAM, i);
    const key = storeIdentity(i).key;
    for (let n = int(rng, 0, 6); n > 0; n--) {
      const r = rng();
      out.push({ store_key: key, rating: r < 0.05 ? 1 : r < 0.12 ? 2 : r < 0.3 ? 3 : r < 0.65 ? 4 : 5 });
    }
  }
  return out;
}

export const FEATURE_CARDS: DemoData['feature_cards'] = [
  {
    icon: 'icons/verified.svg',
    title: 'Verified codes',
    description: 'Every code is checked by our team before it goes live.',
  },
  {
    icon: 'icons/bolt.svg',
    title: 'Fresh every day',
    description: 'New coupons and flash deals are added throughout the day.',
  },
  { icon: 'icons/gift.svg', title: 'Free to use', description: 'No sign-up, no fees: reveal a code and start saving.' },
  { icon: 'icons/shield.svg', title: 'Safe shopping', description: 'We only list offers from stores we have vetted.' },
];

export const DEALS_INFO: DemoData['deals_info'] = [
  {
    title: 'How do coupon codes work?',
    description: 'Copy the code, paste it at the store checkout and the discount is applied to your order.',
  },
  {
    title: 'What is a deal?',
    description: 'Deals need no code: follow the link and the reduced price is already shown.',
  },
  {
    title: 'Why did my code not work?',
    description: 'Codes can expire or exclude some products. Check the expiry date and the offer terms.',
  },
  {
    title: 'Do you earn from my purchase?',
    description: 'We may earn a small commission from the store. It never changes the price you pay.',
  },
];
