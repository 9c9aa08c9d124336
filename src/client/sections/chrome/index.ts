import type { SectionRegistry } from '../../engine/types';
import { defineSection } from '../../engine/types';
import type {
  FooterLinkColumnsSettings,
  FooterMainSettings,
  HeaderBarSettings,
  MobileFooterNavSettings,
  PromoStripSettings,
  ScrollToTopSettings,
} from '../../../shared/layout/types';
import { footerDataAtom, type FooterData } from './footer-data';
import { lazySection } from '../../engine/lazy-section';
import { sectionModules } from '../section-modules';

const HeaderBar = lazySection(sectionModules['header-bar'], (m) => m.HeaderBar);
const PromoStrip = lazySection(sectionModules['promo-strip'], (m) => m.PromoStrip);
const FooterMain = lazySection(sectionModules['footer-main'], (m) => m.FooterMain);
const ScrollToTop = lazySection(sectionModules['scroll-to-top'], (m) => m.ScrollToTop);
const MobileFooterNav = lazySection(sectionModules['mobile-footer-nav'], (m) => m.MobileFooterNav);
const FooterLinkColumns = lazySection(sectionModules['footer-link-columns'], (m) => m.FooterLinkColumns);

/** The chrome section types of the registry: headers and footers (SPEC §2). */
export const chromeSections: SectionRegistry = {
  'header-bar': defineSection<HeaderBarSettings>({ component: HeaderBar }),
  'promo-strip': defineSection<PromoStripSettings>({ component: PromoStrip }),
  'footer-main': defineSection<FooterMainSettings, FooterData>({ component: FooterMain, data: footerDataAtom }),
  'scroll-to-top': defineSection<ScrollToTopSettings>({ component: ScrollToTop }),
  'mobile-footer-nav': defineSection<MobileFooterNavSettings>({ component: MobileFooterNav }),
  'footer-link-columns': defineSection<FooterLinkColumnsSettings>({ component: FooterLinkColumns }),
};
