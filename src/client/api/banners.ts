import { atom } from 'jotai';
import { atomWithQuery } from 'jotai-tanstack-query';
import type { Answer } from '../../shared/contract/envelopes';
import type { Banner } from '../../shared/contract/entities';
import type { BannerDimension } from '../../shared/contract/values';
import type { BannerSource } from '../../shared/layout/types';
import type { DomainBannerV2 } from '../../shared/contract/domain-data';
import {
  adBannersKey,
  adBannersPath,
  recommendBannersKey,
  recommendBannersPath,
} from '../../shared/contract/queries/banners';
import { request } from './http';
import { keyed } from './keyed';
import { session } from './session';
import { domainAtom } from './website';

const feeds = {
  ad: { path: adBannersPath, key: adBannersKey },
  recommend: { path: recommendBannersPath, key: recommendBannersKey },
};

interface Cached {
  at: number;
  data: Banner[];
}

const cacheKey = (host: string, source: string, dimension: string) =>
  `${source === 'ad' ? 'adBanners' : 'recommendBanners'}:${host}:${dimension}`;

/** Ad and recommend banners of one dimension (SPEC §7), cached in session storage (SPEC §3). */
export async function fetchBanners(
  host: string,
  source: 'ad' | 'recommend',
  dimension: BannerDimension,
  signal?: AbortSignal,
): Promise<Banner[]> {
  const answer = await request<Answer<Banner[]>>(feeds[source].path, { query: { dimension }, signal });
  const data = answer.data ?? [];
  session.writeCache(cacheKey(host, source, dimension), { at: Date.now(), data } satisfies Cached);
  return data;
}

/** Query atom of one banner feed; the session cache makes the first render of a later page instant. */
export const bannersAtom = keyed((host: string, source: 'ad' | 'recommend', dimension: BannerDimension) =>
  atomWithQuery(() => {
    const cached = session.readCache<Cached>(cacheKey(host, source, dimension));
    return {
      queryKey: feeds[source].key(host, dimension),
      queryFn: ({ signal }) => fetchBanners(host, source, dimension, signal),
      ...(cached ? { initialData: cached.data, initialDataUpdatedAt: cached.at } : {}),
    };
  }),
);

/** One banner as a section draws it: an ad/recommend banner of the API, or a banners_v2 entry of the domain data. */
export type BannerEntry = Banner | DomainBannerV2;

/** A banner feed for rendering, whatever its source: loading, failed (list cleared, SPEC §4) or loaded. */
export interface BannerFeedState {
  status: 'pending' | 'error' | 'success';
  banners: BannerEntry[];
  refetch: () => void;
}

const noRefetch = () => {};

/** The banners of a section's {source, dimension}: 'domain' reads banners_v2 (already in the bootstrap), others query the API. */
export const bannerFeedAtom = keyed((host: string, source: BannerSource, dimension: BannerDimension) =>
  source === 'domain'
    ? atom((get): BannerFeedState => ({
        status: 'success',
        banners: get(domainAtom).banners_v2 ?? [],
        refetch: noRefetch,
      }))
    : atom((get): BannerFeedState => {
        const result = get(bannersAtom(host, source, dimension));
        return {
          status: result.status,
          banners: result.status === 'success' ? result.data : [],
          refetch: () => void result.refetch(),
        };
      }),
);
