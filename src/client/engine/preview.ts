import { atomWithQuery } from 'jotai-tanstack-query';
import type { Atom } from 'jotai';
import type { AtomWithQueryResult } from 'jotai-tanstack-query';

/** `?layout=home/my-variant.json`: operators preview any layout document on any tenant. */
export interface PreviewRequest {
  kind: 'home' | 'header' | 'footer';
  path: string;
}

const previewPattern = /^(home|header|footer)\/[a-z0-9][a-z0-9-]*\.json$/;

export function readPreviewRequest(search: string): PreviewRequest | null {
  const value = new URLSearchParams(search).get('layout');
  if (!value || !previewPattern.test(value)) return null;
  return { kind: value.split('/')[0] as PreviewRequest['kind'], path: value };
}

const atoms = new Map<string, Atom<AtomWithQueryResult<unknown>>>();

/** The raw document as stored on the server (it may be invalid: that is what the preview is for). */
export function previewDocumentAtom(path: string): Atom<AtomWithQueryResult<unknown>> {
  let existing = atoms.get(path);
  if (!existing) {
    existing = atomWithQuery(() => ({
      queryKey: ['layout-preview', path],
      queryFn: async ({ signal }) => {
        const response = await fetch(`/layouts/${path}`, { signal, headers: { accept: 'application/json' } });
        if (!response.ok) throw new Error(`layouts/${path} could not be loaded (HTTP ${response.status})`);
        const text = await response.text();
        try {
          return JSON.parse(text) as unknown;
        } catch (error) {
          throw new Error(`layouts/${path} is not JSON: ${(error as Error).message}`);
        }
      },
      staleTime: 0,
      retry: false,
    }));
    atoms.set(path, existing);
  }
  return existing;
}
