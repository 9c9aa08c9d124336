// Every section component, re-exported from one module so they share one chunk: every page draws header and footer
// sections, so that chunk is needed on every page anyway; one file beats a dozen small requests on a slow network.
export { BannerCarouselSection } from './banners/banner-carousel-section';
export { BannerPairs } from './banners/banner-pairs';
export { CategorySidebarSection } from './stores/category-sidebar-section';
export { DealGrid } from './deals/deal-grid';
export { FooterLinkColumns } from './chrome/footer-link-columns';
export { FooterMain } from './chrome/footer-main';
export { HeaderBar } from './chrome/header-bar';
export { HeroSliders } from './banners/hero-sliders';
export { MobileFooterNav } from './chrome/mobile-footer-nav';
export { Newsletter } from './newsletter/newsletter';
export { PromoStrip } from './chrome/promo-strip';
export { RecommendedDeals } from './deals/recommended-deals';
export { ScrollToTop } from './chrome/scroll-to-top';
export { StoreGridSection } from './stores/store-list-sections';
export { StoreStripSection } from './stores/store-list-sections';
export { StoreTabsSection } from './stores/store-tabs-section';
export { StoresNewsletterRowSection } from './stores/stores-newsletter-row-section';
export { TopDeals } from './deals/top-deals';
