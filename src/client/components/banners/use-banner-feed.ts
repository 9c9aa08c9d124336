import { useAtomValue } from 'jotai';
import type { BannerDimension } from '../../../shared/contract/values';
import type { BannerSource } from '../../../shared/layout/types';
import { bannerFeedAtom, type BannerFeedState } from '../../api/banners';

/** The banners of one {source, dimension} for this tenant (same params → same atom and cache entry). */
export function useBannerFeed(host: string, source: BannerSource, dimension: BannerDimension): BannerFeedState {
  return useAtomValue(bannerFeedAtom(host, source, dimension));
}
