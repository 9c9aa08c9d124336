import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import type { HeaderBarSettings } from '../../shared/layout/types';
import { domainAtom } from '../../client/api/website';
import { defineSection, type SectionProps } from '../../client/engine/types';
import { ChromeIcon } from '../../client/components/chrome/chrome-icon';
import { SearchBox } from '../../client/components/chrome/search-box';
import { SiteLogo } from '../../client/components/chrome/site-logo';
import { useBrandColour } from '../../client/components/chrome/use-brand-colour';
import './header-bar.css';

/** SPEC §2 header (variants One, Two, Three, default): logo, search, links and a mobile menu toggle. */
function HeaderBar({ settings }: SectionProps<HeaderBarSettings, never>) {
  const domain = useAtomValue(domainAtom);
  const { pathname } = useLocation();
  // The menu is open for the path it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const navId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const brandStyle = useBrandColour(domain.header_color, settings.useHeaderColor);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div
      className={`header-bar header-bar--${settings.style}`}
      style={brandStyle}
      data-branded={brandStyle ? 'true' : 'false'}
    >
      <div className="header-bar-inner">
        {settings.showLogo && <SiteLogo className="header-bar-logo" priority />}
        <SearchBox
          className="header-bar-search"
          placeholder={settings.searchPlaceholder}
          buttonLabel={settings.searchButtonLabel}
          route={settings.searchRoute}
        />
        <button
          ref={toggleRef}
          type="button"
          className="header-bar-toggle"
          aria-expanded={open}
          aria-controls={navId}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          <ChromeIcon name={open ? 'close' : 'menu'} size={24} />
          <span className="visually-hidden">Menu</span>
        </button>
        <nav id={navId} className="header-bar-nav" data-open={open} aria-label="Main">
          <ul>
            {settings.links.map((link) => (
              <li key={`${link.to}-${link.label}`}>
                <NavLink to={link.to} end={link.to === '/'} className="header-bar-link" onClick={() => setOpenOn(null)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}

export default defineSection('header-bar', { component: HeaderBar });
