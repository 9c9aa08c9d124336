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
import { loadSectionComponents } from '../section-modules';

const HeaderBar = lazySection(loadSectionComponents, (m) => m.HeaderBar);
const PromoStrip = lazySection(loadSectionComponents, (m) => m.PromoStrip);
const FooterMain = lazySection(loadSectionComponents, (m) => m.FooterMain);
const ScrollToTop = lazySection(loadSectionComponents, (m) => m.ScrollToTop);
const MobileFooterNav = lazySection(loadSectionComponents, (m) => m.MobileFooterNav);
const FooterLinkColumns = lazySection(loadSectionComponents, (m) => m.FooterLinkColumns);

/** The chrome section types of the registry: headers and footers (SPEC §2). */
export const chromeSections: SectionRegistry = {
  'header-bar': defineSection<HeaderBarSettings>({ component: HeaderBar }),
  'promo-strip': defineSection<PromoStripSettings>({ component: PromoStrip }),
  'footer-main': defineSection<FooterMainSettings, FooterData>({ component: FooterMain, data: footerDataAtom }),
  'scroll-to-top': defineSection<ScrollToTopSettings>({ component: ScrollToTop }),
  'mobile-footer-nav': defineSection<MobileFooterNavSettings>({ component: MobileFooterNav }),
  'footer-link-columns': defineSection<FooterLinkColumnsSettings>({ component: FooterLinkColumns }),
};
