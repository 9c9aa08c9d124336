import { Link } from 'react-router-dom';
import type { Link as LinkSetting } from '../../../shared/layout/types';

/** The trailing tile of a store list (e.g. 'Go to new stores' → /newlyaddedstores). */
export function LinkTile({ tile }: { tile: LinkSetting }) {
  return (
    <Link to={tile.to} className="store-link-tile">
      <span className="store-link-tile-text">{tile.label}</span>
    </Link>
  );
}
