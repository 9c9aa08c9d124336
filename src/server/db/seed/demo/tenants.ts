// Tenant rows: domain data (SPEC §3 fields), published stores and banners of every size and kind.
import { BANNER_SIZES, BANNERS_PER_SIZE, bannerPath, bannerSpec } from './banner-spec';
import { hashString, mix } from './prng';
import { storeIdentity } from './store-identity';
import { TENANT_CONFIGS, tenantPublishesStore, type TenantConfig } from './tenant-config';
import type { DemoBanner, DemoTenant, DomainBannerV2, DomainData } from './types';

// Script fields vary between empty and comment-only so the injection paths are exercised without running anything.
const SCRIPT_VARIANTS = [
  { header_html: '', header_js: '', footer_js: '' },
  {
    header_html: '<script>/* demo header hook: intentionally empty */</script>',
    header_js: '// analytics disabled in the demo',
    footer_js: '/* demo footer script: nothing to run */',
  },
  { header_html: '<!-- demo header markup -->', header_js: '', footer_js: '// footer script placeholder' },
] as const;

function banners(t: TenantConfig, storeCount: number): DemoBanner[] {
  const out: DemoBanner[] = [];
  for (const size of BANNER_SIZES) {
    for (let n = 1; n <= BANNERS_PER_SIZE; n++) {
      const spec = bannerSpec(t.key, size.file, n);
      if (!spec) continue;
      const store = spec.storeIndex !== null && spec.storeIndex < storeCount ? storeIdentity(spec.storeIndex) : null;
      out.push({
        key: `${t.key}-${size.file}-${n}`,
        banner_dimension: size.dimension,
        kind: spec.kind,
        image_upload: bannerPath(t.key, size, n),
        image_url: null,
        redirect_url: store
          ? `https://${store.host}/?ref=${t.key}-banner-${size.file}-${n}`
          : `https://advertise.example/?site=${t.key}&slot=${size.file}-${n}`,
        store_key: store ? store.key : null,
      });
    }
  }
  return out;
}

/** 3–4 hero entries: one with url, one with storeId, one plain, and (even tenants) one with both. */
function bannersV2(t: TenantConfig, list: DemoBanner[]): DomainBannerV2[] {
  const heroes = list.filter((b) => b.banner_dimension === '1480 * 630');
  const out: DomainBannerV2[] = [];
  heroes.slice(0, t.ordinal % 2 === 0 ? 4 : 3).forEach((b, i) => {
    const entry: DomainBannerV2 = { image: b.image_upload };
    if (i === 0 || i === 3) entry.url = b.redirect_url;
    if ((i === 1 || i === 3) && b.store_key) entry.storeId = b.store_key;
    out.push(entry);
  });
  return out;
}

function domainData(t: TenantConfig, list: DemoBanner[], now: Date): DomainData {
  const scripts = SCRIPT_VARIANTS[t.ordinal % SCRIPT_VARIANTS.length] ?? SCRIPT_VARIANTS[0];
  return {
    name: t.name,
    logo: `tenants/${t.key}/logo.svg`,
    favicon: `tenants/${t.key}/favicon.svg`,
    header_color: t.colour,
    ...scripts,
    meta_tag: `coupons, promo codes, discount codes, deals, ${t.name.toLowerCase()}`,
    meta_description: `${t.name}: ${t.tagline.toLowerCase()}. Verified coupon codes and deals from hundreds of stores, updated daily.`,
    home_page: t.home_page,
    footer_about_us:
      `${t.name} collects the best coupon codes and deals from independent stores so you never pay full price. ` +
      'Every offer on this demo site is fictional.',
    footer_text: `© ${now.getUTCFullYear()} ${t.name}. All rights reserved.`,
    contact: { email: `hello@${t.emailDomain}`, phone: t.phone, address: t.address },
    banners_v2: bannersV2(t, list),
    google_verification_tag: `demo-verification-${t.key}-${mix(hashString(t.key), 7).toString(16)}`,
    permissions: [],
    // One tenant words its own disclosure; the others show the default text (src/shared/affiliate-disclosure.ts).
    affiliate_disclosure:
      t.key === 'three'
        ? `${t.name} is supported by shoppers like you: stores may pay us a commission when you use our links. ` +
          'It never changes your price.'
        : '',
    time_zone: 'UTC',
  };
}

export function makeTenants(storeCount: number, now: Date): DemoTenant[] {
  return TENANT_CONFIGS.map((t) => {
    const list = banners(t, storeCount);
    const storeKeys: string[] = [];
    for (let i = 0; i < storeCount; i++) if (tenantPublishesStore(t.key, i)) storeKeys.push(storeIdentity(i).key);
    return { key: t.key, hosts: [...t.hosts], domain: domainData(t, list, now), store_keys: storeKeys, banners: list };
  });
}
