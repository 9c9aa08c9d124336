// One dynamic import per section type: a page downloads only the components its layout documents use. The build reads
// this table (src/server/build/section-chunks.ts) to name each type's chunks, and the server preloads those of the page.
export const sectionModules = {
  'hero-sliders': () => import('./banners/hero-sliders'),
  'banner-carousel': () => import('./banners/banner-carousel-section'),
  'banner-pairs': () => import('./banners/banner-pairs'),
  'deal-grid': () => import('./deals/deal-grid'),
  'recommended-deals': () => import('./deals/recommended-deals'),
  'top-deals': () => import('./deals/top-deals'),
  'store-strip': () => import('./stores/store-list-sections'),
  'store-grid': () => import('./stores/store-list-sections'),
  'store-tabs': () => import('./stores/store-tabs-section'),
  'stores-newsletter-row': () => import('./stores/stores-newsletter-row-section'),
  'category-sidebar': () => import('./stores/category-sidebar-section'),
  newsletter: () => import('./newsletter/newsletter'),
  'header-bar': () => import('./chrome/header-bar'),
  'promo-strip': () => import('./chrome/promo-strip'),
  'footer-main': () => import('./chrome/footer-main'),
  'scroll-to-top': () => import('./chrome/scroll-to-top'),
  'mobile-footer-nav': () => import('./chrome/mobile-footer-nav'),
  'footer-link-columns': () => import('./chrome/footer-link-columns'),
} as const;
