// Section type → the loader of the module that draws it. All section components live in one module
// (./section-components, one lazy chunk that the server preloads beside the entry on every page); a type may get a
// module of its own later without changing the registry. The build reads the import below to find that chunk.
const load = () => import('./section-components');

export const sectionModules = {
  'hero-sliders': load,
  'banner-carousel': load,
  'banner-pairs': load,
  'store-strip': load,
  'store-grid': load,
  'store-tabs': load,
  'stores-newsletter-row': load,
  'category-sidebar': load,
  'deal-grid': load,
  'recommended-deals': load,
  'top-deals': load,
  'header-bar': load,
  'promo-strip': load,
  'footer-main': load,
  'scroll-to-top': load,
  'mobile-footer-nav': load,
  'footer-link-columns': load,
  newsletter: load,
} as const;

export type SectionModuleType = keyof typeof sectionModules;
