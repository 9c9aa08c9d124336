import { POLICY_FEATURES, type PolicyFeature } from '../../shared/contract/values';

// Issue 18: a document turns off the powerful browser features nobody on a coupon site needs (camera, microphone,
// geolocation, payment), so injected or third-party script cannot ask for them. A tenant whose own scripts do need one
// lists it in its domain data (`permissions`); it is then allowed for the site's own origin only.

/** The Permissions-Policy header value for a tenant's allowed features (unknown names are ignored). */
export function permissionsPolicy(allowed: readonly string[] = []): string {
  const on = new Set<string>(allowed);
  return POLICY_FEATURES.map((f: PolicyFeature) => `${f}=${on.has(f) ? '(self)' : '()'}`).join(', ');
}
