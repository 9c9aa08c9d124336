import { useId, type ReactNode } from 'react';
import type { OfferCounts } from '../../../shared/contract/entities';
import type { OfferParams } from '../../../shared/rules/offer-params';
import { AffiliateDisclosure } from '../affiliate-disclosure';
import { OfferFilters, offerPanelProps } from './offer-filters';

interface Props {
  params: OfferParams;
  onChange: (next: OfferParams) => void;
  /** Whether the list has offers to filter (the filters are left out of empty lists and error states). */
  showFilters: boolean;
  /** The server's totals per type; null while the first answer loads. */
  counts: OfferCounts | null;
  /** Another filter's answer is loading; the previous list stays drawn. */
  busy: boolean;
  /** The list (or its loading, empty or error state): the tab panel the filters control. */
  children: ReactNode;
}

/** A listing page's offers: the affiliate disclosure, the filters and the panel of offers they control (issue 13). */
export function FilteredOffers({ params, onChange, showFilters, counts, busy, children }: Props) {
  const id = useId();
  return (
    <>
      <AffiliateDisclosure />
      {showFilters && <OfferFilters id={id} params={params} counts={counts} onChange={onChange} busy={busy} />}
      <div {...offerPanelProps(id, params)} aria-busy={busy}>
        {children}
      </div>
    </>
  );
}
