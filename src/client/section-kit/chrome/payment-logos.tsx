import { useAssetUrl } from '../../lib/use-asset-url';

// The server ships these generic marks under the asset base; each is drawn 72 × 46.
const LOGOS = [
  { path: 'payments/visa.svg', alt: 'Visa' },
  { path: 'payments/mastercard.svg', alt: 'Mastercard' },
  { path: 'payments/amex.svg', alt: 'American Express' },
  { path: 'payments/paypal.svg', alt: 'PayPal' },
] as const;

/** The default footer's accepted-payment marks. */
export function PaymentLogos() {
  const assetUrl = useAssetUrl();
  return (
    <ul className="payment-logos" aria-label="Payment methods">
      {LOGOS.map((logo) => (
        <li key={logo.path}>
          <img src={assetUrl(logo.path)} alt={logo.alt} width={72} height={46} loading="lazy" decoding="async" />
        </li>
      ))}
    </ul>
  );
}
