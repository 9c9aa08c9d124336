import { Link } from 'react-router-dom';
import type { PromoStripSettings } from '../../shared/layout/types';
import { defineSection, type SectionProps } from '../../client/engine/types';
import { ChromeIcon, type ChromeIconName } from '../../client/components/chrome/chrome-icon';
import './promo-strip.css';

// The three promo texts of header Two get a lively icon each, in order; more items reuse them.
const ITEM_ICONS: ChromeIconName[] = ['bolt', 'megaphone', 'percent'];

/** Header Two's strip: promotional texts (links when the document gives a route) and the All categories link. */
function PromoStrip({ settings }: SectionProps<PromoStripSettings, never>) {
  return (
    <div className="promo-strip">
      <div className="promo-strip-inner">
        <Link to={settings.allCategories.to} className="promo-strip-all">
          <ChromeIcon name="grid" size={18} />
          {settings.allCategories.label}
        </Link>
        <ul className="promo-strip-items">
          {settings.items.map((item, i) => {
            const body = (
              <>
                <ChromeIcon name={ITEM_ICONS[i % ITEM_ICONS.length]!} size={18} className="promo-strip-icon" />
                {item.label}
              </>
            );
            return (
              <li key={`${i}-${item.label}`} className="promo-strip-item">
                {item.to ? (
                  <Link to={item.to} className="promo-strip-link">
                    {body}
                  </Link>
                ) : (
                  <span className="promo-strip-text">{body}</span>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

export default defineSection('promo-strip', { component: PromoStrip });
