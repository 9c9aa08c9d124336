import { LAYOUT_KINDS, type LayoutKind } from '../../shared/contract/values';

/**
 * `?layout=home/my-variant.json&grant=…`: operators preview any layout document on any tenant, with the grant the
 * console asked the server for (issue 25); the raw document is served only with it.
 */
export interface PreviewRequest {
  kind: LayoutKind;
  path: string;
  grant: string;
}

const previewPattern = new RegExp(`^(${LAYOUT_KINDS.join('|')})/[a-z0-9][a-z0-9-]*\\.json$`);

export function readPreviewRequest(search: string): PreviewRequest | null {
  const params = new URLSearchParams(search);
  const value = params.get('layout');
  const grant = params.get('grant');
  if (!value || !previewPattern.test(value) || !grant) return null;
  return { kind: value.split('/')[0] as LayoutKind, path: value, grant };
}
