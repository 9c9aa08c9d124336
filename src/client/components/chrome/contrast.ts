// Picks a readable text colour for the tenant's header_color (any CSS colour the domain data allows).
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const DARK_INK = '#111827';
const BLACK_INK = '#000000';
const LIGHT_INK = '#ffffff';
/** WCAG AA for normal-size text. */
export const AA_TEXT = 4.5;

/** Parses #rgb, #rgba, #rrggbb, #rrggbbaa and rgb()/rgba() (comma or space syntax); null for anything else. */
export function parseColour(value: string): Rgb | null {
  const v = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(v)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    return { r: parseInt(full.slice(0, 2), 16), g: parseInt(full.slice(2, 4), 16), b: parseInt(full.slice(4, 6), 16) };
  }
  const rgb = /^rgba?\(\s*([\d.]+%?)[\s,]+([\d.]+%?)[\s,]+([\d.]+%?)/.exec(v);
  if (rgb) {
    const channel = (s: string) =>
      Math.min(255, Math.max(0, s.endsWith('%') ? (parseFloat(s) * 255) / 100 : parseFloat(s)));
    return { r: channel(rgb[1]!), g: channel(rgb[2]!), b: channel(rgb[3]!) };
  }
  return null;
}

/** WCAG relative luminance (0 black … 1 white). */
export function luminance({ r, g, b }: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio between two luminances. */
export function ratio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** Named colours, hsl() etc.: let the browser normalise them through a canvas (null where there is none, e.g. jsdom). */
function resolveInBrowser(value: string): Rgb | null {
  if (typeof document === 'undefined') return null;
  try {
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return null;
    ctx.fillStyle = '#000000';
    ctx.fillStyle = value;
    return parseColour(String(ctx.fillStyle));
  } catch {
    return null;
  }
}

function readColour(value: string): Rgb | null {
  return parseColour(value) ?? resolveInBrowser(value);
}

/**
 * White or near-black, whichever contrasts more with `background`; white when the colour cannot be read.
 * Mid-tone brands (e.g. #3a8f88) reach AA with neither white nor near-black: then pure black, which always does.
 */
export function readableInk(background: string): string {
  const rgb = readColour(background);
  if (!rgb) return LIGHT_INK;
  const bg = luminance(rgb);
  const white = ratio(bg, 1);
  const dark = ratio(bg, luminance(parseColour(DARK_INK)!));
  if (white >= dark) return LIGHT_INK;
  return dark >= AA_TEXT || white >= AA_TEXT ? DARK_INK : BLACK_INK;
}

const hex = ({ r, g, b }: Rgb) => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * The brand as a text colour on light surfaces (white, the canvas, light brand tints; hence the grey default): the
 * brand itself when it reaches AA there, else the brand darkened just enough (a pale yellow brand becomes a readable dark amber).
 */
export function brandTextColour(brand: string, surface = '#eceef1'): string {
  const rgb = readColour(brand);
  const bg = parseColour(surface) ?? { r: 255, g: 255, b: 255 };
  if (!rgb) return DARK_INK;
  const surfaceLum = luminance(bg);
  for (let step = 0; step <= 20; step++) {
    const k = 1 - step / 20;
    const c = { r: rgb.r * k, g: rgb.g * k, b: rgb.b * k };
    if (ratio(luminance(c), surfaceLum) >= AA_TEXT) return step === 0 ? hex(rgb) : hex(c);
  }
  return BLACK_INK;
}
