// WCAG 2 contrast for the console's brand-colour warning (issue 15). The shopper's header picks its ink with the same
// maths (src/client/components/chrome/contrast.ts, kept out of the console's bundle); the property test checks the two
// agree. Hex colours only here: the form's colour field always yields #rrggbb, anything else gets no warning.

/** #rgb / #rrggbb (any case) → [r, g, b] 0–255, or null. */
export function hexChannels(value: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

export function relativeLuminance([r, g, b]: readonly [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** WCAG AA for normal-size text. */
export const AA = 4.5;

/**
 * The best contrast the header's usual inks (white, near-black) reach on this background, or null for a colour that is
 * not hex. Below AA the console warns: the header then shows white text below AA or falls back to pure black.
 */
export function bestInkContrast(background: string): number | null {
  const rgb = hexChannels(background);
  if (!rgb) return null;
  const bg = relativeLuminance(rgb);
  return Math.max(contrastRatio(bg, 1), contrastRatio(bg, relativeLuminance([0x11, 0x18, 0x27])));
}
