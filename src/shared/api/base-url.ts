/** How the client finds its API (SPEC §7 / runtime configuration in the HTML bootstrap). */
export type ApiBaseMode = string; // '' = same origin, 'parent-api' = api.<parent domain>, or an absolute URL

const stagingHosts = [
  /^localhost$/i,
  /\.localhost$/i,
  /^127\.0\.0\.1$/,
  /^\[?::1\]?$/,
  /\.vercel\.app$/i,
  /\.netlify\.app$/i,
  /\.pages\.dev$/i,
];

/** True for hosts the spec treats as "localhost or a hosting preview domain". */
export function isStagingHost(hostname: string): boolean {
  return stagingHosts.some((re) => re.test(hostname));
}

/**
 * The API base URL without a trailing slash ('' = relative to the page's origin).
 * 'parent-api' applies SPEC §7: https://api.<parent domain>, or the staging base on localhost / preview hosts.
 */
export function apiBaseUrl(
  mode: ApiBaseMode,
  location: { protocol: string; hostname: string },
  stagingBase = '',
): string {
  if (!mode) return '';
  if (mode !== 'parent-api') return mode.replace(/\/+$/, '');
  if (isStagingHost(location.hostname)) return stagingBase.replace(/\/+$/, '');
  const labels = location.hostname.split('.');
  const parent = labels.length > 2 ? labels.slice(1).join('.') : labels.join('.');
  return `${location.protocol}//api.${parent}`;
}
