// Section type → the module that draws it, loaded on demand so the home route's first load carries the engine, not
// every section. One line per type in this exact form: the build reads this file to map each type to its chunks
// (dist/…/section-chunks.json), and the server preloads the chunks of the sections a tenant's layouts use.
export const sectionModules = {
  'hero-sliders': () => import('./banners/hero-sliders'),
  'banner-carousel': () => import('./banners/banner-carousel-section'),
  'banner-pairs': () => import('./banners/banner-pairs'),
  'store-strip': () => import('./stores/store-list-sections'),
  'store-grid': () => import('./stores/store-list-sections'),
  'store-tabs': () => import('./stores/store-tabs-section'),
  'stores-newsletter-row': () => import('./stores/stores-newsletter-row-section'),
  'category-sidebar': () => import('./stores/category-sidebar-section'),
  'deal-grid': () => import('./deals/deal-grid'),
  'recommended-deals': () => import('./deals/recommended-deals'),
  'top-deals': () => import('./deals/top-deals'),
  'header-bar': () => import('./chrome/header-bar'),
  'promo-strip': () => import('./chrome/promo-strip'),
  'footer-main': () => import('./chrome/footer-main'),
  'scroll-to-top': () => import('./chrome/scroll-to-top'),
  'mobile-footer-nav': () => import('./chrome/mobile-footer-nav'),
  'footer-link-columns': () => import('./chrome/footer-link-columns'),
  newsletter: () => import('./newsletter/newsletter'),
} as const;

export type SectionModuleType = keyof typeof sectionModules;
