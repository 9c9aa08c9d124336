// Domain data (SPEC §3) as checked by schemas/domain-data.schema.json; written once here beside the layout types.

export type DomainBannerV2 = { image: string; url?: string; storeId?: string };

export type DomainContact = { email?: string; phone?: string; address?: string };

export type DomainData = {
  name: string;
  home_page: string;
  logo?: string;
  favicon?: string;
  /** A CSS colour (#hex, rgb()/hsl() or a named colour). */
  header_color?: string;
  header_html?: string;
  header_js?: string;
  meta_tag?: string;
  meta_description?: string;
  footer_about_us?: string;
  footer_text?: string;
  contact?: DomainContact;
  banners_v2?: DomainBannerV2[];
  google_verification_tag?: string;
  footer_js?: string;
};
