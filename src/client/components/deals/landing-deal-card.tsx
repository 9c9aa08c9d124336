import { useId } from 'react';
import type { Coupon } from '../../../shared/contract/entities';
import { cut } from '../../../shared/rules/cut';
import { RichText } from '../rich-text';
import { dealTag } from './coupon-fields';
import { DealKind } from './deal-kind';
import { StoreLogo } from './store-logo';
import { VerificationBadge } from './verification-badge';
import './deal-cards.css';

export interface LandingDealCardProps {
  coupon: Coupon;
  nameCut: number;
  tagCut: number;
  ellipsis: string;
  /** Text before the expiry date; the date alone when absent. */
  expiryLabel?: string;
  expiryChars: number;
  buttonLabel: string;
  onAction: (coupon: Coupon) => void;
  /** Issue 13's short votes line (the section's verificationBadge setting). */
  verificationBadge?: boolean;
}

/** Landing layout card (SPEC §2 recommended deals): store image, tag, name, expiry and a Visit offer button. */
export function LandingDealCard({
  coupon,
  nameCut,
  tagCut,
  ellipsis,
  expiryLabel,
  expiryChars,
  buttonLabel,
  onAction,
  verificationBadge = false,
}: LandingDealCardProps) {
  const nameId = useId();
  const expiry = cut(coupon.expiry_date, expiryChars, '');
  return (
    <article className="deal-card deal-card-landing">
      <StoreLogo coupon={coupon} />
      <p className="deal-meta">
        <DealKind coupon={coupon} />
        <span className="deal-tag">{dealTag(coupon, tagCut, ellipsis)}</span>
      </p>
      <RichText as="h3" id={nameId} className="deal-name" text={coupon.name} max={nameCut} ellipsis={ellipsis} />
      {expiry && (
        <p className="deal-expiry">
          {expiryLabel ? `${expiryLabel}: ` : ''}
          <time dateTime={expiry}>{expiry}</time>
        </p>
      )}
      {verificationBadge && <VerificationBadge verification={coupon.verification} />}
      <button
        type="button"
        className="btn btn-primary deal-cta"
        aria-describedby={nameId}
        onClick={() => onAction(coupon)}
      >
        {buttonLabel}
      </button>
    </article>
  );
}
