// Banners in the four SPEC sizes; store colour background, tenant accent for the call to action.
import type { BannerSpec } from '../banner-spec';
import { brandColour, storeIdentity } from '../store-identity';
import { initialsOf, shade, svgDoc, text, wrap } from './svg-util';

interface Look {
  id: string;
  bg: string;
  accent: string;
  label: string;
  footer: string;
}

function lookOf(spec: BannerSpec): Look {
  const bg = spec.storeIndex === null ? spec.tenant.colour : brandColour(storeIdentity(spec.storeIndex).slug);
  // Unique gradient id: banners inlined side by side in one HTML page must not share ids.
  const id = `g-${spec.tenant.key}-${spec.size.file}-${spec.n}`;
  return {
    id,
    bg,
    accent: spec.tenant.accent,
    label: spec.kind === 'ad' ? 'AD' : 'RECOMMENDED',
    footer: `via ${spec.tenant.name}`,
  };
}

function background(w: number, h: number, l: Look): string {
  const bg = l.bg;
  return (
    `<defs><linearGradient id="${l.id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/>` +
    `<stop offset="1" stop-color="${shade(bg, -0.4)}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#${l.id})"/>`
  );
}

function pill(x: number, y: number, w: number, h: number, label: string, size: number, accent: string): string {
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2}" fill="${accent}"/>` +
    text(x + w / 2, y + h / 2 + size * 0.35, size, label, { weight: 700, anchor: 'middle', maxWidth: w - h / 2 })
  );
}

function tag(x: number, y: number, size: number, label: string): string {
  return text(x, y, size, label, { weight: 700, fill: '#fff', extra: ' fill-opacity=".7" letter-spacing="1"' });
}

function hero(s: BannerSpec, l: Look): string {
  return (
    background(1480, 630, l) +
    `<circle cx="1230" cy="315" r="190" fill="#fff" fill-opacity=".12"/><circle cx="1230" cy="315" r="140" fill="#fff"/>` +
    text(1230, 315 + 42, 120, initialsOf(s.headline), { weight: 800, fill: l.bg, anchor: 'middle' }) +
    tag(96, 110, 26, l.label) +
    text(96, 250, 88, s.headline, { weight: 800, fill: '#fff', maxWidth: 900 }) +
    text(96, 345, 54, s.offer, { weight: 600, fill: '#fff', maxWidth: 900 }) +
    pill(96, 410, 320, 88, s.cta, 36, l.accent) +
    text(96, 580, 26, l.footer, { fill: '#fff', extra: ' fill-opacity=".75"' })
  );
}

function leaderboard(s: BannerSpec, l: Look): string {
  return (
    background(728, 90, l) +
    `<circle cx="45" cy="45" r="30" fill="#fff"/>` +
    text(45, 54, 24, initialsOf(s.headline), { weight: 800, fill: l.bg, anchor: 'middle' }) +
    text(90, 40, 26, s.headline, { weight: 800, fill: '#fff', maxWidth: 430 }) +
    text(90, 70, 18, s.offer, { fill: '#fff', maxWidth: 430 }) +
    pill(560, 24, 148, 42, s.cta, 18, l.accent) +
    tag(560, 16, 9, l.label)
  );
}

function rectangle(s: BannerSpec, l: Look): string {
  const lines = wrap(s.headline, 18, 2);
  return (
    background(300, 250, l) +
    tag(16, 26, 11, l.label) +
    `<circle cx="150" cy="64" r="28" fill="#fff"/>` +
    text(150, 73, 24, initialsOf(s.headline), { weight: 800, fill: l.bg, anchor: 'middle' }) +
    lines
      .map((line, i) =>
        text(150, 124 + i * 26, 22, line, { weight: 800, fill: '#fff', anchor: 'middle', maxWidth: 268 }),
      )
      .join('') +
    text(150, 124 + lines.length * 26 + 2, 16, s.offer, { fill: '#fff', anchor: 'middle', maxWidth: 268 }) +
    pill(80, 198, 140, 36, s.cta, 16, l.accent)
  );
}

function skyscraper(s: BannerSpec, l: Look): string {
  const head = wrap(s.headline, 10, 4);
  const offer = wrap(s.offer, 12, 4);
  const offerTop = 210 + head.length * 24 + 16;
  return (
    background(120, 600, l) +
    tag(10, 22, 9, l.label) +
    `<circle cx="120" cy="560" r="110" fill="${l.accent}" fill-opacity=".18"/><circle cx="0" cy="470" r="60" fill="#fff" fill-opacity=".08"/>` +
    `<circle cx="60" cy="110" r="38" fill="#fff"/>` +
    text(60, 122, 32, initialsOf(s.headline), { weight: 800, fill: l.bg, anchor: 'middle' }) +
    head
      .map((line, i) =>
        text(60, 210 + i * 24, 19, line, { weight: 800, fill: '#fff', anchor: 'middle', maxWidth: 108 }),
      )
      .join('') +
    offer
      .map((line, i) => text(60, offerTop + i * 20, 15, line, { fill: '#fff', anchor: 'middle', maxWidth: 108 }))
      .join('') +
    pill(10, Math.max(offerTop + offer.length * 20 + 24, 440), 100, 38, s.cta, 14, l.accent) +
    text(60, 584, 10, l.footer, { fill: '#fff', anchor: 'middle', maxWidth: 108, extra: ' fill-opacity=".75"' })
  );
}

export function bannerSvg(spec: BannerSpec): string {
  const look = lookOf(spec);
  const { width, height, dimension } = spec.size;
  const body =
    dimension === '1480 * 630'
      ? hero(spec, look)
      : dimension === '728 * 90'
        ? leaderboard(spec, look)
        : dimension === '300 * 250'
          ? rectangle(spec, look)
          : skyscraper(spec, look);
  return svgDoc(width, height, `${spec.headline}: ${spec.offer}`, body);
}
