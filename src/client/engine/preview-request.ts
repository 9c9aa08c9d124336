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
