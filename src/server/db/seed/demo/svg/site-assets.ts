// Tenant logos and favicons, the store placeholder, generic payment marks and feature-card icons.
import type { TenantConfig } from '../tenant-config';
import { initialsOf, shade, svgDoc, text } from './svg-util';

// A simple price-tag glyph, drawn in a 24-unit box.
const TAG_PATH =
  'M3 12.6V4.5A1.5 1.5 0 0 1 4.5 3h8.1a1.5 1.5 0 0 1 1.06.44l7 7a1.5 1.5 0 0 1 0 2.12l-8.1 8.1a1.5 1.5 0 0 1-2.12 0l-7-7A1.5 1.5 0 0 1 3 12.6z';

export function tenantLogoSvg(t: TenantConfig): string {
  // White pill so the logo reads on any header_color.
  return svgDoc(
    260,
    56,
    t.name,
    `<rect x="1" y="1" width="258" height="54" rx="14" fill="#fff" stroke="${shade(t.colour, 0.7)}" stroke-width="2"/>` +
      `<rect x="10" y="10" width="36" height="36" rx="9" fill="${t.colour}"/>` +
      `<path transform="translate(16 16)" d="${TAG_PATH}" fill="${t.accent}"/><circle cx="24.5" cy="24.5" r="2.4" fill="${t.colour}"/>` +
      text(58, 36, 22, t.name, { weight: 800, fill: t.colour, maxWidth: 188 }),
  );
}

export function faviconSvg(t: TenantConfig): string {
  return svgDoc(
    64,
    64,
    t.name,
    `<rect width="64" height="64" rx="14" fill="${t.colour}"/><circle cx="51" cy="13" r="7" fill="${t.accent}"/>` +
      text(32, 45, 36, initialsOf(t.name).charAt(0), { weight: 800, fill: '#fff', anchor: 'middle' }),
  );
}

export function storePlaceholderSvg(): string {
  return svgDoc(
    240,
    160,
    'Store',
    '<rect x="1" y="1" width="238" height="158" rx="16" fill="#f3f4f6" stroke="#e5e7eb" stroke-width="2"/>' +
      '<g fill="#9ca3af"><path d="M84 40h72l10 22H74z"/><rect x="80" y="66" width="80" height="46" rx="3"/></g>' +
      '<rect x="110" y="82" width="20" height="30" fill="#f3f4f6"/>' +
      text(120, 140, 16, 'Store', { weight: 600, fill: '#6b7280', anchor: 'middle' }),
  );
}

interface PaymentMark {
  label: string;
  bg: string;
  fg: string;
  size: number;
  italic?: boolean;
  border?: string;
}

// Generic text-on-card marks (no trademark artwork).
export const PAYMENT_MARKS: Record<string, PaymentMark> = {
  visa: { label: 'VISA', bg: '#1e3a8a', fg: '#fff', size: 20, italic: true },
  mastercard: { label: 'MasterCard', bg: '#1f2937', fg: '#fbbf24', size: 12 },
  amex: { label: 'AMEX', bg: '#0e7490', fg: '#fff', size: 18 },
  paypal: { label: 'PayPal', bg: '#fff', fg: '#1e40af', size: 17, italic: true, border: '#cbd5e1' },
};

export function paymentSvg(kind: string, m: PaymentMark): string {
  const stroke = m.border ? ` stroke="${m.border}" stroke-width="1.5"` : '';
  return svgDoc(
    72,
    46,
    `${kind} payment`,
    `<rect x="1" y="1" width="70" height="44" rx="7" fill="${m.bg}"${stroke}/>` +
      text(36, 23 + m.size * 0.36, m.size, m.label, {
        weight: 800,
        fill: m.fg,
        anchor: 'middle',
        maxWidth: 62,
        extra: m.italic ? ' font-style="italic"' : '',
      }),
  );
}

const ICON_BODIES: Record<string, string> = {
  verified:
    '<path d="M15 25l6 6 12-13" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>',
  bolt: '<path d="M26 9L14 27h9l-2 12 13-19h-9z" fill="#fff"/>',
  gift:
    '<g fill="#fff"><rect x="12" y="20" width="24" height="17" rx="2"/><rect x="10" y="15" width="28" height="6" rx="2"/></g>' +
    '<rect x="22.5" y="15" width="3" height="22" fill="#2563eb"/>',
  shield: '<path d="M24 10l12 4v9c0 8-5 13-12 16-7-3-12-8-12-16v-9z" fill="#fff"/>',
  clock:
    '<circle cx="24" cy="24" r="12" fill="none" stroke="#fff" stroke-width="3.5"/><path d="M24 17v8l5 3" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/>',
  tag: `<path transform="translate(12 12)" d="${TAG_PATH}" fill="#fff"/><circle cx="21" cy="21" r="2" fill="#2563eb"/>`,
};

export const ICON_NAMES = Object.keys(ICON_BODIES);

export function iconSvg(name: string): string | null {
  const body = Object.hasOwn(ICON_BODIES, name) ? ICON_BODIES[name] : undefined;
  return body === undefined ? null : svgDoc(48, 48, name, `<circle cx="24" cy="24" r="24" fill="#2563eb"/>${body}`);
}
