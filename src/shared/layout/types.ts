// Layout document types, written once beside schemas/ (layout.schema.json, sections/*.schema.json).
// Settings types describe a section AFTER validation: every setting with a schema default is present.
// Type aliases (not interfaces) so they stay assignable to Record<string, unknown>.
import type { BannerDimension } from '../contract/values';

export type { BannerDimension };
export type LayoutKind = 'home' | 'header' | 'footer';
export type LayoutSlot = 'main' | 'mobile';
export type Placement = 'main' | 'sidebar';

export type BannerSource = 'ad' | 'recommend' | 'domain';
export type StoreSource = 'top-visited' | 'latest';
export type DealSource = 'recommended' | 'latest';

/** An in-app link; `to` starts with '/'. */
export type Link = { label: string; to: string };

export type BannerFeed = { source: BannerSource; dimension: BannerDimension };

export type RotatingBanner = {
  dimension: BannerDimension;
  source: BannerSource;
  /** null: no autoplay. */
  autoplayMs: number | null;
  transitionMs: number;
  loop: boolean;
  dots: boolean;
};

export type StoreLabel = { field: 'slug' | 'name'; case: 'upper' | 'lower' | 'as-is'; cut: number | null };

/** Shared by store-strip, store-grid and stores-newsletter-row.stores; offset is 0-based. */
export type StoreListSettings = {
  source: StoreSource;
  title?: string;
  fetchLimit: number;
  offset: number;
  count: number;
  label?: StoreLabel;
  cardText?: string;
  linkTile?: Link;
};

export type HeroSlidersSettings = {
  order: 'large-first' | 'small-first';
  large: BannerFeed;
  small: BannerFeed;
  autoplayMs: number | null;
  transitionMs: number;
  loop: boolean;
  dots: boolean;
};

export type BannerCarouselSettings = {
  dimension: BannerDimension;
  source: BannerSource;
  autoplayMs: number | null;
  transitionMs: number;
  loop: boolean;
  dots: boolean;
  slidesPerView: number;
};

export type StoreStripSettings = StoreListSettings;
export type StoreGridSettings = StoreListSettings;

export type StoreTab = { label: string; source: StoreSource; randomVisitCounts: boolean };

export type StoreTabsSettings = {
  tabs: StoreTab[];
  /** 1-based. */
  initialTab: number;
  rows: number;
  perRow: number;
  visitCounts: { min: number; max: number };
};

export type DealGridSettings = {
  source: DealSource;
  title?: string;
  collapsed: number;
  expanded: number;
  /** 1-based positions in the grid of cards and banners. */
  bannerPositions: number[];
  bannerDimension: BannerDimension;
  bannerSource: BannerSource;
  bannersOnlyWhenAvailable: boolean;
  nameCut: number;
  tagCut: number;
  ellipsis: string;
  buttonLabel: string;
  showMoreLabel: string;
  showLessLabel: string;
};

export type DealCardAction = 'redirect-step' | 'new-tab';
export type DealGridSlice = { offset: number; count: number; action: DealCardAction };

export type RecommendedDealsSettings = {
  title?: string;
  source: DealSource;
  fetchLimit: number;
  grids: DealGridSlice[];
  banner: RotatingBanner;
  buttonLabel: string;
  nameCut: number;
  tagCut: number;
  ellipsis: string;
  expiryLabel?: string;
  expiryChars: number;
};

export type NewsletterSettings = {
  variant: 'hero' | 'landing' | 'compact';
  heading?: string;
  subheading?: string;
  text?: string;
  note?: string;
  privacyNote?: string;
  placeholder: string;
  buttonLabel: string;
  invalidEmailMessage: string;
  /** null: no complete state after a successful subscription. */
  completeMs: number | null;
  banners?: { dimension: BannerDimension; source: BannerSource; count: number };
};

export type TopDealsSettings = {
  heading: string;
  tagline: string;
  source: DealSource;
  count: number;
  nameCut: number;
  tagCut: number;
  ellipsis: string;
  expiryLabel: string;
  expiryChars: number;
  badge: string;
  buttonLabel: string;
  banner: RotatingBanner;
  newsletter?: NewsletterSettings;
};

export type BannerPairsSettings = {
  dimension: BannerDimension;
  source: BannerSource;
  perRow: number;
  /** null: every banner. */
  limit: number | null;
};

export type CategorySidebarSettings = {
  title?: string;
  placeholder: string;
  listHeightPx: number;
  showCount: boolean;
  /** Contains '{category}'. */
  linkPattern: string;
};

export type StoresNewsletterRowSettings = {
  stores: StoreListSettings;
  newsletter: NewsletterSettings;
  newsletterSide: 'start' | 'end';
};

export type HeaderBarSettings = {
  style: 'one' | 'two' | 'three' | 'default';
  showLogo: boolean;
  links: Link[];
  searchPlaceholder: string;
  searchButtonLabel: string;
  searchRoute: string;
  useHeaderColor: boolean;
};

export type PromoStripSettings = {
  items: { label: string; to?: string }[];
  allCategories: Link;
};

export type FooterMainSettings = {
  style: 'one' | 'two' | 'three' | 'four' | 'default';
  showLogo: boolean;
  aboutTitle: string;
  privacyLink: Link;
  storesTitle: string;
  storesMax: number;
  categoriesTitle: string;
  categoriesCount: number;
  contactTitle: string;
  showContact: boolean;
  showFooterText: boolean;
  paymentLogos: boolean;
};

export type ScrollToTopSettings = { thresholdPx: number; label: string };

export type MobileFooterNavSettings = { links: Link[] };

export type FooterLinkColumn = { title: string; links: Link[]; showContact: boolean };
export type FooterLinkColumnsSettings = { columns: FooterLinkColumn[] };

/** Every section type and its settings; keys are the `type` values of schemas/sections/<type>.schema.json. */
export type SectionSettingsByType = {
  'hero-sliders': HeroSlidersSettings;
  'banner-carousel': BannerCarouselSettings;
  'store-strip': StoreStripSettings;
  'store-grid': StoreGridSettings;
  'store-tabs': StoreTabsSettings;
  'deal-grid': DealGridSettings;
  'recommended-deals': RecommendedDealsSettings;
  'top-deals': TopDealsSettings;
  'banner-pairs': BannerPairsSettings;
  'category-sidebar': CategorySidebarSettings;
  newsletter: NewsletterSettings;
  'stores-newsletter-row': StoresNewsletterRowSettings;
  'header-bar': HeaderBarSettings;
  'promo-strip': PromoStripSettings;
  'footer-main': FooterMainSettings;
  'scroll-to-top': ScrollToTopSettings;
  'mobile-footer-nav': MobileFooterNavSettings;
  'footer-link-columns': FooterLinkColumnsSettings;
};

export type SectionType = keyof SectionSettingsByType;

/** A validated section of type T. */
export type SectionOf<T extends SectionType> = {
  id: string;
  type: T;
  placement: Placement;
  settings: SectionSettingsByType[T];
};

/** A validated section, discriminated by `type`. */
export type LayoutSection = { [T in SectionType]: SectionOf<T> }[SectionType];

/** A section as the envelope sees it: type not yet known to be registered, settings not yet checked. */
export type LooseSection = {
  id: string;
  type: string;
  placement?: Placement;
  settings: Record<string, unknown>;
};

export type LayoutDocumentOf<S> = {
  $schema?: string;
  schemaVersion: 1;
  kind: LayoutKind;
  slot?: LayoutSlot;
  title: string;
  /** home_page values served; ['*'] = default of its kind and slot. */
  serves: string[];
  sections: S[];
};

/** A document that passed layout.schema.json and the cross-field rules (defaults filled in). */
export type LayoutDocument = LayoutDocumentOf<LayoutSection>;
/** A document that passed layout-envelope.schema.json only. */
export type LayoutEnvelope = LayoutDocumentOf<LooseSection>;

/** A document and the file it came from, e.g. 'layouts/home/landing.json'. */
export type LoadedDocument = { file: string; doc: LayoutDocument };

/** One problem found in a document; pointer is a JSON pointer ('' for the whole document). */
export type LayoutIssue = { pointer: string; message: string };
/** A problem with the file it was found in; printed as `${file} ${pointer}: ${message}`. */
export type LayoutProblem = LayoutIssue & { file: string };
