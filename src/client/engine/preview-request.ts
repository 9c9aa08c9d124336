import { LAYOUT_KINDS, type LayoutKind } from '../../shared/contract/values';

/** `?layout=home/my-variant.json`: operators preview any layout document on any tenant. */
export interface PreviewRequest {
  kind: LayoutKind;
  path: string;
}

const previewPattern = new RegExp(`^(${LAYOUT_KINDS.join('|')})/[a-z0-9][a-z0-9-]*\\.json$`);

export function readPreviewRequest(search: string): PreviewRequest | null {
  const value = new URLSearchParams(search).get('layout');
  if (!value || !previewPattern.test(value)) return null;
  return { kind: value.split('/')[0] as LayoutKind, path: value };
}
