import { useId } from 'react';
import type { Coupon } from '../../../shared/contract/entities';
import { cut } from '../../../shared/rules/cut';
import { RichText } from '../rich-text';
import { dealTag } from './coupon-fields';
import { DealKind } from './deal-kind';
import { StoreLogo } from './store-logo';
import { VerificationBadge } from './verification-badge';
import './deal-cards.css';

export interface FiveDealCardProps {
  coupon: Coupon;
  nameCut: number;
  tagCut: number;
  ellipsis: string;
  expiryLabel: string;
  /** Characters of expiry_date shown (SPEC: the first 10). */
  expiryChars: number;
  badge: string;
  buttonLabel: string;
  onReveal: (coupon: Coupon) => void;
  /** Issue 13's short votes line (the section's verificationBadge setting). */
  verificationBadge?: boolean;
}

/** Home Page Five card (SPEC §2): store image, store/category tag, expiry, name, badge and the reveal button. */
export function FiveDealCard({
  coupon,
  nameCut,
  tagCut,
  ellipsis,
  expiryLabel,
  expiryChars,
  badge,
  buttonLabel,
  onReveal,
  verificationBadge = false,
}: FiveDealCardProps) {
  const nameId = useId();
  const expiry = cut(coupon.expiry_date, expiryChars, '');
  return (
    <article className="deal-card deal-card-five">
      <StoreLogo coupon={coupon} />
      <p className="deal-meta">
        <DealKind coupon={coupon} />
        <span className="deal-tag">{dealTag(coupon, tagCut, ellipsis)}</span>
      </p>
      <p className="deal-expiry">
        {expiryLabel}: {expiry ? <time dateTime={expiry}>{expiry}</time> : 'No expiry'}
      </p>
      <RichText as="h3" id={nameId} className="deal-name" text={coupon.name} max={nameCut} ellipsis={ellipsis} />
      <p className="deal-badge">{badge}</p>
      {verificationBadge && <VerificationBadge verification={coupon.verification} />}
      <button
        type="button"
        className="btn btn-primary deal-cta"
        aria-describedby={nameId}
        onClick={() => onReveal(coupon)}
      >
        {buttonLabel}
      </button>
    </article>
  );
}
