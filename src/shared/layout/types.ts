// Layout document types. Section settings come from the section folders (src/sections/<type>/settings.ts, the same
// declarations schemas/ is written from): each is the value AFTER validation, every setting with a schema default
// present. The document generics below stay written here, on the contract's lists of kinds, slots and placements.
// Type aliases (not interfaces) so they stay assignable to Record<string, unknown>. Type-only imports: the browser
// bundles no TypeBox.
import type { Static } from '@sinclair/typebox';
import type { CommonDefinitions } from '../contract/layout-common';
import type { SECTIONS } from '../contract/sections';
import type { BannerDimension, LayoutKind, LayoutSchemaVersion, LayoutSlot, Placement } from '../contract/values';

export type { BannerDimension, LayoutKind, LayoutSlot, Placement };

/** Every section type and its settings; keys are the folders of src/sections/. */
export type SectionSettingsByType = { [T in keyof typeof SECTIONS]: Static<(typeof SECTIONS)[T]['settings']> };

export type SectionType = keyof SectionSettingsByType;

/** The settings of a validated section of type T. */
export type SectionSettings<T extends SectionType> = SectionSettingsByType[T];

// Names the code has always used for the settings and their parts.

export type BannerSource = CommonDefinitions['bannerSource'];
export type StoreSource = CommonDefinitions['storeSource'];
export type DealSource = CommonDefinitions['dealSource'];

/** An in-app link; `to` starts with '/'. */
export type Link = CommonDefinitions['link'];
export type RotatingBanner = CommonDefinitions['rotatingBanner'];
export type StoreLabel = CommonDefinitions['storeLabel'];
/** Shared by store-strip, store-grid and stores-newsletter-row.stores; offset is 0-based. */
export type StoreListSettings = CommonDefinitions['storeList'];

export type BannerCarouselSettings = SectionSettings<'banner-carousel'>;
export type BannerPairsSettings = SectionSettings<'banner-pairs'>;
export type CategorySidebarSettings = SectionSettings<'category-sidebar'>;
export type DealGridSettings = SectionSettings<'deal-grid'>;
export type FooterLinkColumnsSettings = SectionSettings<'footer-link-columns'>;
export type FooterLinkColumn = FooterLinkColumnsSettings['columns'][number];
export type FooterMainSettings = SectionSettings<'footer-main'>;
export type HeaderBarSettings = SectionSettings<'header-bar'>;
export type HeroSlidersSettings = SectionSettings<'hero-sliders'>;
export type BannerFeed = HeroSlidersSettings['large'];
export type MobileFooterNavSettings = SectionSettings<'mobile-footer-nav'>;
export type NewsletterSettings = SectionSettings<'newsletter'>;
export type PromoStripSettings = SectionSettings<'promo-strip'>;
export type RecommendedDealsSettings = SectionSettings<'recommended-deals'>;
export type DealGridSlice = RecommendedDealsSettings['grids'][number];
export type DealCardAction = DealGridSlice['action'];
export type ScrollToTopSettings = SectionSettings<'scroll-to-top'>;
export type StoreGridSettings = SectionSettings<'store-grid'>;
export type StoreStripSettings = SectionSettings<'store-strip'>;
export type StoreTabsSettings = SectionSettings<'store-tabs'>;
export type StoreTab = StoreTabsSettings['tabs'][number];
export type StoresNewsletterRowSettings = SectionSettings<'stores-newsletter-row'>;
export type TopDealsSettings = SectionSettings<'top-deals'>;

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

/** When a document serves: ISO date-times, `from` inclusive, `until` exclusive (local ones in the tenant's zone). */
export type LayoutSchedule = { from?: string; until?: string };

/** One arm of an A/B test: documents with the same id split the shoppers by weight (percent). */
export type LayoutExperiment = { id: string; variant: string; weight: number };

export type LayoutDocumentOf<S> = {
  $schema?: string;
  schemaVersion: LayoutSchemaVersion;
  kind: LayoutKind;
  slot?: LayoutSlot;
  title: string;
  /** home_page values served; ['*'] = default of its kind and slot. Empty when only `tenants` picks it. */
  serves: string[];
  /** Host names this document is for (schema version 2): it wins over documents matching by serves. */
  tenants?: string[];
  schedule?: LayoutSchedule;
  experiment?: LayoutExperiment;
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
