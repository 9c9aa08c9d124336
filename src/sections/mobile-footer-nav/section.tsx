import { useEffect } from 'react';
import { NavLink } from 'react-router-dom';
import type { MobileFooterNavSettings } from '../../shared/layout/types';
import { defineSection, type SectionProps } from '../../client/engine/types';
import { ChromeIcon, iconForRoute } from '../../client/components/chrome/chrome-icon';
import './mobile-footer-nav.css';

// body gets this class while the bar exists, so its padding keeps the last content clear of the fixed bar (CSS, < 768 px).
const BODY_CLASS = 'has-mobile-footer-nav';

/** SPEC §2 mobile footer: a fixed bottom bar of links, shown only on narrow screens. */
function MobileFooterNav({ settings }: SectionProps<MobileFooterNavSettings, never>) {
  useEffect(() => {
    document.body.classList.add(BODY_CLASS);
    return () => document.body.classList.remove(BODY_CLASS);
  }, []);
  return (
    <ul
      className="mobile-footer-nav"
      style={{ gridTemplateColumns: `repeat(${settings.links.length}, minmax(0, 1fr))` }}
    >
      {settings.links.map((link) => (
        <li key={`${link.to}-${link.label}`}>
          <NavLink to={link.to} end={link.to === '/'} className="mobile-footer-nav-link">
            <ChromeIcon name={iconForRoute(link.to)} size={20} />
            <span className="mobile-footer-nav-label">{link.label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export default defineSection('mobile-footer-nav', { component: MobileFooterNav });
