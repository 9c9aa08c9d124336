import { useId } from 'react';
import type { Coupon } from '../../../shared/contract/entities';
import { formatExpiry } from '../../../shared/rules/expiry-format';
import { RichText } from '../rich-text';
import { dealTag } from './coupon-fields';
import { CountdownText } from './countdown-text';
import { DealKind } from './deal-kind';
import { StoreLogo } from './store-logo';
import { VerificationLine } from './verification-line';
import './deal-cards.css';

export interface DealCardProps {
  coupon: Coupon;
  /** Tag (store name or category) cut; SPEC: 28. */
  tagCut: number;
  /** Title cut; SPEC: 48. */
  titleCut: number;
  /** Description cut; SPEC: 60. */
  descriptionCut: number;
  ellipsis: string;
  /** SPEC: 'View'. */
  buttonLabel: string;
  /** What the button does: the page passes the SPEC §4 reveal (useReveal), so shared components import no feature. */
  onReveal: (coupon: Coupon) => void;
  /** Heading level of the title inside the page (h3 by default). */
  headingLevel?: 2 | 3 | 4;
}

/**
 * Full deal card of the store and category pages (SPEC §2): store image, tag, title, description,
 * expiry 'DD MMMM YYYY', a live countdown or 'Expired', shoppers' votes (issue 13), and the View button.
 */
export function DealCard({
  coupon,
  tagCut,
  titleCut,
  descriptionCut,
  ellipsis,
  buttonLabel,
  onReveal,
  headingLevel = 3,
}: DealCardProps) {
  const titleId = useId();
  const expiry = formatExpiry(coupon.expiry_date ?? '');
  return (
    <article className="deal-card deal-card-full">
      <StoreLogo coupon={coupon} />
      <div className="deal-card-body">
        <p className="deal-meta">
          <DealKind coupon={coupon} />
          <span className="deal-tag">{dealTag(coupon, tagCut, ellipsis)}</span>
        </p>
        <RichText
          as={`h${headingLevel}`}
          id={titleId}
          className="deal-name"
          text={coupon.title || coupon.name}
          max={titleCut}
          ellipsis={ellipsis}
        />
        <RichText
          as="p"
          className="deal-description"
          text={coupon.description}
          max={descriptionCut}
          ellipsis={ellipsis}
        />
        <p className="deal-expiry">
          {expiry ? <time dateTime={coupon.expiry_date ?? undefined}>{expiry}</time> : 'No expiry'}
          <CountdownText expiry={coupon.expiry_date} />
        </p>
        <VerificationLine verification={coupon.verification} />
      </div>
      <button
        type="button"
        className="btn btn-primary deal-cta"
        aria-describedby={titleId}
        onClick={() => onReveal(coupon)}
      >
        {buttonLabel}
      </button>
    </article>
  );
}
