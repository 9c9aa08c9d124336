import type { DomainData } from '../../shared/contract/domain-data';
import { imageSourceProblem } from '../../shared/console/image-source';
import { ApiError } from '../lib/api-error';

// Issue 26: every admin write that stores an image address refuses one the tenant's pages would block (CSP img-src
// 'self' data: https:), with the shared rule's words, before anything is saved.

/** 400 naming the first field whose image address would not show on the site. */
export function checkImageSources(fields: Readonly<Record<string, string | null | undefined>>): void {
  for (const [field, value] of Object.entries(fields)) {
    const problem = imageSourceProblem(value);
    if (problem) throw new ApiError(400, `${field}: ${problem}`);
  }
}

/** The image addresses of a tenant's domain data: logo, favicon and each banners_v2 image. */
export function domainImages(
  data: Partial<Pick<DomainData, 'logo' | 'favicon' | 'banners_v2'>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (data.logo !== undefined) out.logo = data.logo;
  if (data.favicon !== undefined) out.favicon = data.favicon;
  data.banners_v2?.forEach((b, i) => (out[`banners_v2[${i}].image`] = b.image));
  return out;
}
