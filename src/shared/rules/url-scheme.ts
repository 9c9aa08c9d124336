/**
 * True when a URL, as a browser would parse it in an `href` or `src`, is relative (no scheme: it resolves against the
 * page, which is http(s)) or an http(s) URL; false for javascript:, data:, vbscript: and every other scheme. The browser
 * drops leading and trailing controls and spaces and every tab and newline before it reads the scheme
 * ("java\tscript:" is javascript:), so this rule does too (issue 18).
 */
export function hasWebScheme(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- the URL standard's own stripping of C0 controls
  const v = url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(v)?.[1];
  return scheme === undefined || /^https?$/i.test(scheme);
}
