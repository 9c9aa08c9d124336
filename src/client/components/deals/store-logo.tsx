import { Link } from 'react-router-dom';
import type { Coupon } from '../../../shared/contract/entities';
import { FallbackImage } from '../fallback-image';
import { storeImageOf, storeNameOf, storePath } from './coupon-fields';

// Store logos are 240 × 160 SVGs; the box keeps that ratio so nothing shifts while they load.
const LOGO_WIDTH = 240;
const LOGO_HEIGHT = 160;

/** The coupon's store logo, linked to /store/{slug} (a plain image when the coupon names no slug). */
export function StoreLogo({ coupon, className = 'deal-logo' }: { coupon: Coupon; className?: string }) {
  const name = storeNameOf(coupon);
  const image = (
    <FallbackImage
      path={storeImageOf(coupon)}
      alt={name ? `${name} logo` : 'Store logo'}
      width={LOGO_WIDTH}
      height={LOGO_HEIGHT}
    />
  );
  const to = storePath(coupon);
  if (!to) return <span className={className}>{image}</span>;
  return (
    <Link className={className} to={to}>
      {image}
    </Link>
  );
}
