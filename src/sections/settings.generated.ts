// Written by `npm run schemas:write` from the folders of src/sections: each folder's settings.ts.
// Do not edit: add or remove a folder and run it again (`npm run layouts:check` fails until then).
import affiliateDisclosure from './affiliate-disclosure/settings';
import bannerCarousel from './banner-carousel/settings';
import bannerPairs from './banner-pairs/settings';
import categorySidebar from './category-sidebar/settings';
import dealGrid from './deal-grid/settings';
import emailBanner from './email-banner/settings';
import emailFooter from './email-footer/settings';
import emailIntro from './email-intro/settings';
import emailNewStores from './email-new-stores/settings';
import emailSettings from './email-settings/settings';
import emailTopDeals from './email-top-deals/settings';
import footerLinkColumns from './footer-link-columns/settings';
import footerMain from './footer-main/settings';
import headerBar from './header-bar/settings';
import heroSliders from './hero-sliders/settings';
import mobileFooterNav from './mobile-footer-nav/settings';
import newsletter from './newsletter/settings';
import promoStrip from './promo-strip/settings';
import recommendedDeals from './recommended-deals/settings';
import scrollToTop from './scroll-to-top/settings';
import storeGrid from './store-grid/settings';
import storeStrip from './store-strip/settings';
import storeTabs from './store-tabs/settings';
import storesNewsletterRow from './stores-newsletter-row/settings';
import topDeals from './top-deals/settings';

/** Every section type, keyed by the `type` of its sections (its folder), sorted. */
export const SECTIONS = {
  'affiliate-disclosure': affiliateDisclosure,
  'banner-carousel': bannerCarousel,
  'banner-pairs': bannerPairs,
  'category-sidebar': categorySidebar,
  'deal-grid': dealGrid,
  'email-banner': emailBanner,
  'email-footer': emailFooter,
  'email-intro': emailIntro,
  'email-new-stores': emailNewStores,
  'email-settings': emailSettings,
  'email-top-deals': emailTopDeals,
  'footer-link-columns': footerLinkColumns,
  'footer-main': footerMain,
  'header-bar': headerBar,
  'hero-sliders': heroSliders,
  'mobile-footer-nav': mobileFooterNav,
  newsletter: newsletter,
  'promo-strip': promoStrip,
  'recommended-deals': recommendedDeals,
  'scroll-to-top': scrollToTop,
  'store-grid': storeGrid,
  'store-strip': storeStrip,
  'store-tabs': storeTabs,
  'stores-newsletter-row': storesNewsletterRow,
  'top-deals': topDeals,
};
