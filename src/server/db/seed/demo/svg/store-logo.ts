// Store logo: an initials monogram on the store's brand colour above the store name.
import { brandColour, storeNameFromSlug } from '../store-identity';
import { initialsOf, shade, svgDoc, text, wrap } from './svg-util';

export function storeLogoSvg(slug: string): string {
  const name = storeNameFromSlug(slug);
  const colour = brandColour(slug);
  const lines = name.length <= 20 ? [name] : wrap(name, 24, 2);
  const two = lines.length > 1;
  const cy = two ? 54 : 62;
  const r = two ? 32 : 38;
  const label = lines
    .map((line, i) =>
      text(120, (two ? 116 : 132) + i * 20, two ? 15 : 18, line, {
        weight: 600,
        fill: '#1f2937',
        anchor: 'middle',
        maxWidth: 216,
      }),
    )
    .join('');
  return svgDoc(
    240,
    160,
    name,
    `<rect x="1" y="1" width="238" height="158" rx="16" fill="#fff" stroke="${shade(colour, 0.75)}" stroke-width="2"/>` +
      `<circle cx="120" cy="${cy}" r="${r}" fill="${colour}"/>` +
      text(120, cy + Math.round(r * 0.36), Math.round(r * 0.9), initialsOf(name), {
        weight: 700,
        fill: '#fff',
        anchor: 'middle',
      }) +
      label,
  );
}
