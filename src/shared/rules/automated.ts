// Issue 13: which "did it work?" votes come from a machine rather than a shopper. Such votes are stored, never
// counted. Pure: the server passes what it read from the request.

export interface RequestTraits {
  /** The User-Agent header, when sent. */
  userAgent: string | undefined;
  /** True when the request carries a valid voter cookie (a browser that came back). */
  hasCookie: boolean;
  /** The prefetch/preview markers, joined: Sec-Purpose, Purpose, X-Moz, X-Purpose (undefined or '' when none). */
  purpose: string | undefined;
}

/**
 * User agents of crawlers, link previewers, scanners, headless browsers and HTTP libraries (case-insensitive). "bot"
 * not after a "u": the Cubot phones' browsers say "CUBOT" (no lookbehind: older Safari cannot parse it).
 */
export const AUTOMATED_AGENT =
  /(?:^|[^u])bot(?:\b|_)|crawl|spider|slurp|preview|scanner|scan\/|headless|phantomjs|selenium|puppeteer|playwright|lighthouse|curl|wget|httpie|python-requests|python-urllib|aiohttp|httpx|axios|node-fetch|undici|got \(|okhttp|go-http-client|java\/|apache-httpclient|libwww-perl|guzzlehttp|ruby|facebookexternalhit|embedly|whatsapp|^mozilla\/5\.0$/i;

/** A prefetch, prerender or preview request: the browser (or a proxy) fetched without the shopper asking. */
export const PREFETCH_MARKER = /prefetch|prerender|preview/i;

/**
 * True when a vote should be stored but not counted: any request carrying a prefetch/preview marker, and, without a
 * voter cookie, one whose user agent is missing, blank or that of a bot, crawler, scanner, headless browser or HTTP
 * library.
 */
export function looksAutomated({ userAgent, hasCookie, purpose }: RequestTraits): boolean {
  if (purpose !== undefined && PREFETCH_MARKER.test(purpose)) return true;
  if (hasCookie) return false;
  const ua = userAgent?.trim() ?? '';
  return ua === '' || AUTOMATED_AGENT.test(ua);
}
