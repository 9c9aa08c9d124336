import { Link } from 'react-router-dom';
import type { StoreLabel } from '../../../shared/layout/types';
import type { StoreTile } from '../../api/stores';
import { FallbackImage } from '../fallback-image';
import { storeLabelText, storePath } from './store-label';

// Store logos are drawn at 3:2 (the generated SVGs are 240 × 160); the attributes reserve that box so nothing shifts.
export const LOGO_WIDTH = 240;
export const LOGO_HEIGHT = 160;

interface Props {
  tile: StoreTile;
  label?: StoreLabel;
  cardText?: string;
  /** Extra line under the label (e.g. a display-only visit count). */
  extra?: string;
}

const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** One store: its logo (placeholder when missing or broken), optional label and card text, linking to /store/{slug}. */
export function StoreCard({ tile, label, cardText, extra }: Props) {
  const text = label ? storeLabelText(tile, label) : null;
  // When the label already says the store's name, the logo is decorative: its alt would be read twice (image-redundant-alt).
  const alt = text !== null && letters(text) === letters(tile.name) ? '' : tile.name;
  return (
    <Link to={storePath(tile.slug)} className="store-card" title={tile.name}>
      <span className="store-card-logo">
        <FallbackImage path={tile.image} alt={alt} width={LOGO_WIDTH} height={LOGO_HEIGHT} />
      </span>
      {text !== null && <span className="store-card-label">{text}</span>}
      {extra && <span className="store-card-extra">{extra}</span>}
      {cardText && <span className="store-card-cta">{cardText}</span>}
    </Link>
  );
}
