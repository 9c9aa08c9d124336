import { atom } from 'jotai';
import { atomWithQuery } from 'jotai-tanstack-query';
import type { ApiAnswer } from '../../shared/api/entities';
import type { DomainData } from '../../shared/layout/domain-data';
import { bootstrapAtom } from '../app/bootstrap-atom';
import { request } from './http';

export const websiteKey = (host: string) => ['website', host] as const;

/** The tenant's domain data: inlined by the server (hydrated into the cache at start), refreshed from fetchByDomain when stale. */
export const domainQueryAtom = atomWithQuery((get) => {
  const host = get(bootstrapAtom).host;
  return {
    queryKey: websiteKey(host),
    queryFn: async ({ signal }) => (await request<ApiAnswer<DomainData>>('/api/end-user/website-data/fetchByDomain', { signal })).data,
  };
});

/** Domain data for rendering: the freshest we have, never undefined (the bootstrap always carries it). */
export const domainAtom = atom((get): DomainData => {
  const result = get(domainQueryAtom);
  return (result.data ?? get(bootstrapAtom).domain) as DomainData;
});
