import { Link } from 'react-router-dom';
import { recordClickOut } from '../api/coupon-url';

interface Props {
  /** An API link for the coupon (resolveTarget). */
  link: string;
  /** The coupon the link is for: opening it records a click-out. */
  couponId: string;
  storeName: string;
  storePath: string | null;
  /** true when the reveal just opened the merchant in a new tab (an in-app navigation brought the shopper here). */
  opened: boolean;
}

/** The couponzr page's action: the offer already opened in another tab, so only a way to open it again. */
export function ZeroOpened({ link, couponId, storeName, storePath, opened }: Props) {
  const store = storeName || 'the store';
  return (
    <div className="redirect-zero">
      <p className="redirect-zero-note" role="status">
        <strong>{opened ? 'Your offer opened in a new tab' : 'Your offer is ready'}</strong>
        <span>
          {opened ? `Finish your order on ${store} there. Closed it by mistake?` : `Open ${store} to use it.`}
        </span>
      </p>
      <a
        className="btn btn-primary redirect-go-now"
        href={link}
        target="_blank"
        rel="sponsored nofollow noopener"
        onClick={() => recordClickOut(couponId)}
      >
        {opened ? 'Open the offer again' : `Go to ${store}`}
      </a>
      {storePath && (
        <Link className="redirect-more" to={storePath}>
          More {store} coupons
        </Link>
      )}
    </div>
  );
}
