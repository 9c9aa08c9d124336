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
import { HeaderBar } from './header-bar';
import { PromoStrip } from './promo-strip';
import { FooterMain } from './footer-main';
import { footerDataAtom, type FooterData } from './footer-data';
import { ScrollToTop } from './scroll-to-top';
import { MobileFooterNav } from './mobile-footer-nav';
import { FooterLinkColumns } from './footer-link-columns';

/** The chrome section types of the registry: headers and footers (SPEC §2). */
export const chromeSections: SectionRegistry = {
  'header-bar': defineSection<HeaderBarSettings>({ component: HeaderBar }),
  'promo-strip': defineSection<PromoStripSettings>({ component: PromoStrip }),
  'footer-main': defineSection<FooterMainSettings, FooterData>({ component: FooterMain, data: footerDataAtom }),
  'scroll-to-top': defineSection<ScrollToTopSettings>({ component: ScrollToTop }),
  'mobile-footer-nav': defineSection<MobileFooterNavSettings>({ component: MobileFooterNav }),
  'footer-link-columns': defineSection<FooterLinkColumnsSettings>({ component: FooterLinkColumns }),
};
