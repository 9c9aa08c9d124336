import { useAtomValue } from 'jotai';
import { domainAtom } from '../api/website';
import { affiliateDisclosure } from '../../shared/affiliate-disclosure';
import './affiliate-disclosure.css';

/**
 * The FTC-style affiliate disclosure above a list of offers (issue 13): the tenant's own words from its domain data, else
 * the default. A text node, never markup. Domain data is in the bootstrap, so server and browser draw the same line.
 */
export function AffiliateDisclosure() {
  const own = useAtomValue(domainAtom).affiliate_disclosure;
  return (
    <p className="affiliate-disclosure" role="note" aria-label="Affiliate disclosure">
      {affiliateDisclosure(own)}
    </p>
  );
}
