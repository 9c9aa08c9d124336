import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { domainAtom } from '../../api/website';
import { FallbackImage } from '../fallback-image';
import './site-logo.css';

// Tenant logos are drawn 260 × 56; the attributes reserve that ratio, CSS sets the shown height.
const LOGO_WIDTH = 260;
const LOGO_HEIGHT = 56;

interface Props {
  className?: string;
  /** true in the header (above the fold: eager, high priority); false in footers. */
  priority?: boolean;
}

/** The domain logo linking home; its alt text is the site name (the name as text when there is no logo). */
export function SiteLogo({ className = '', priority = false }: Props) {
  const domain = useAtomValue(domainAtom);
  return (
    <Link to="/" className={`site-logo ${className}`}>
      {domain.logo ? (
        <FallbackImage
          path={domain.logo}
          alt={domain.name}
          width={LOGO_WIDTH}
          height={LOGO_HEIGHT}
          priority={priority}
          className="site-logo-image"
        />
      ) : (
        <span className="site-logo-text">{domain.name}</span>
      )}
    </Link>
  );
}
