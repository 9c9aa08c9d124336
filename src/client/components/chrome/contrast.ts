// Picks a readable text colour for the tenant's header_color (any CSS colour the domain data allows).
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const DARK_INK = '#111827';
const LIGHT_INK = '#ffffff';

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
    const channel = (s: string) => Math.min(255, Math.max(0, s.endsWith('%') ? (parseFloat(s) * 255) / 100 : parseFloat(s)));
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
function ratio(a: number, b: number): number {
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

/** White or near-black, whichever contrasts more with `background`; white when the colour cannot be read. */
export function readableInk(background: string): string {
  const rgb = parseColour(background) ?? resolveInBrowser(background);
  if (!rgb) return LIGHT_INK;
  const bg = luminance(rgb);
  return ratio(bg, 1) >= ratio(bg, luminance(parseColour(DARK_INK)!)) ? LIGHT_INK : DARK_INK;
}
