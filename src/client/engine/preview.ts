import { atomWithQuery } from 'jotai-tanstack-query';
import type { CheckedDocument } from './check-document';
import { keyed } from '../api/keyed';

export { readPreviewRequest, type PreviewRequest } from './preview-request';

export interface PreviewResult {
  checked: CheckedDocument;
  slot: string | null;
}

/**
 * The raw document as stored on the server (it may be invalid: that is what the preview is for), checked in the
 * browser by the precompiled validators, which load only here so shoppers never download them.
 */
export const previewDocumentAtom = keyed((path: string, grant: string) =>
  atomWithQuery(() => ({
    queryKey: ['layout-preview', path, grant],
    queryFn: async ({ signal }): Promise<PreviewResult> => {
      const file = `layouts/${path}`;
      const [{ checkDocument }, response] = await Promise.all([
        import('./check-document'),
        fetch(`/layouts/${path}?grant=${encodeURIComponent(grant)}`, {
          signal,
          headers: { accept: 'application/json' },
        }),
      ]);
      if (!response.ok) throw new Error(`${file} could not be loaded (HTTP ${response.status})`);
      const text = await response.text();
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch (error) {
        throw new Error(`${file} is not JSON: ${(error as Error).message}`);
      }
      const slot = raw && typeof raw === 'object' && 'slot' in raw && typeof raw.slot === 'string' ? raw.slot : null;
      return { checked: checkDocument(raw, file), slot };
    },
    staleTime: 0,
    retry: false,
  })),
);
