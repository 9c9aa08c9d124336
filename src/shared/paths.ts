/**
 * SPEC §2: header and footer render nothing in the redirect area. We read "the path contains 'mr'" as
 * "the first path segment is mr" so that a store slug such as /store/mrs-kitchen keeps its header.
 */
export function isRedirectArea(pathname: string): boolean {
  return pathname.split('/').filter(Boolean)[0]?.toLowerCase() === 'mr';
}
