import { escapeHtml } from '../lib/escape';

/** A plain page for what no tenant's app can draw: an unknown site, a bad request, the build not ready, a failure. */
export function statusPage(title: string, text: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`
  );
}
