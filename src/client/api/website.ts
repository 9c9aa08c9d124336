import { atom } from 'jotai';
import { atomWithQuery } from 'jotai-tanstack-query';
import type { Answer } from '../../shared/contract/envelopes';
import type { DomainData } from '../../shared/contract/domain-data';
import { bootstrapAtom } from '../lib/bootstrap-atom';
import { websiteKey, websitePath } from '../../shared/contract/queries/website';
import { request } from './http';

/** The tenant's domain data: inlined by the server (hydrated into the cache at start), refreshed from fetchByDomain when stale. */
export const domainQueryAtom = atomWithQuery((get) => {
  const host = get(bootstrapAtom).host;
  return {
    queryKey: websiteKey(host),
    queryFn: async ({ signal }) => (await request<Answer<DomainData>>(websitePath, { signal })).data,
  };
});

/** Domain data for rendering: the freshest we have, never undefined (the bootstrap always carries it). */
export const domainAtom = atom((get): DomainData => {
  const result = get(domainQueryAtom);
  return (result.data ?? get(bootstrapAtom).domain) as DomainData;
});
