import { Link } from 'react-router-dom';
import { clickOutHref } from '../../../../shared/revenue/click-rules';
import { recordClickOut } from '../api/coupon-url';

interface Props {
  /** The coupon's API link (resolveTarget): it exists; opening it goes through /out, which tags it (issue 31). */
  link: string;
  /** The coupon the link is for: opening it records a click-out. */
  couponId: string;
  storeName: string;
  storePath: string | null;
  /** true when the reveal just opened the merchant in a new tab (an in-app navigation brought the shopper here). */
  opened: boolean;
}

/** The couponzr page's action: the offer already opened in another tab, so only a way to open it again. */
export function ZeroOpened({ couponId, storeName, storePath, opened }: Props) {
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
        href={clickOutHref(couponId, 'redirect')}
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
