import { useId } from 'react';
import type { Coupon } from '../../../shared/contract/entities';
import { RichText } from '../rich-text';
import { dealTag } from './coupon-fields';
import { DealKind } from './deal-kind';
import { StoreLogo } from './store-logo';
import { VerificationBadge } from './verification-badge';
import './deal-cards.css';

export interface GridDealCardProps {
  coupon: Coupon;
  nameCut: number;
  tagCut: number;
  ellipsis: string;
  buttonLabel: string;
  onReveal: (coupon: Coupon) => void;
  /** Issue 13's short votes line (the section's verificationBadge setting). */
  verificationBadge?: boolean;
}

/** Home deal grid card (SPEC §2): store logo, tag, name cut to nameCut and the button opening the reveal. */
export function GridDealCard({
  coupon,
  nameCut,
  tagCut,
  ellipsis,
  buttonLabel,
  onReveal,
  verificationBadge = false,
}: GridDealCardProps) {
  const nameId = useId();
  return (
    <article className="deal-card deal-card-grid">
      <StoreLogo coupon={coupon} />
      <p className="deal-meta">
        <DealKind coupon={coupon} />
        <span className="deal-tag">{dealTag(coupon, tagCut, ellipsis)}</span>
      </p>
      <RichText as="h3" id={nameId} className="deal-name" text={coupon.name} max={nameCut} ellipsis={ellipsis} />
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
