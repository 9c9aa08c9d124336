// String helpers for hand-built SVG: escaping, fitted text and colour shading.
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

export function svgDoc(width: number, height: number, label: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `font-family="${FONT}" role="img" aria-label="${esc(label)}"><title>${esc(label)}</title>${body}</svg>`
  );
}

export interface TextOptions {
  weight?: number;
  fill?: string;
  anchor?: 'start' | 'middle' | 'end';
  maxWidth?: number;
  extra?: string;
}

/** Generous advance-width estimate (wide fallback fonts such as DejaVu), so fitted text never overflows. */
export function estimateWidth(content: string, size: number, weight = 400): number {
  let em = 0;
  for (const c of content)
    em += c === ' ' ? 0.34 : /[A-Z0-9%$@&mw]/.test(c) ? 0.78 : /[iljtfr.,:;'!|]/.test(c) ? 0.4 : 0.64;
  return em * size * (weight >= 600 ? 1.08 : 1);
}

/** Text that shrinks its font size (never distorts glyphs) when it would exceed maxWidth. */
export function text(x: number, y: number, size: number, content: string, o: TextOptions = {}): string {
  const weight = o.weight ?? 400;
  const width = estimateWidth(content, size, weight);
  const fitted =
    o.maxWidth !== undefined && width > o.maxWidth ? Math.floor((size * o.maxWidth * 10) / width) / 10 : size;
  const anchor = o.anchor && o.anchor !== 'start' ? ` text-anchor="${o.anchor}"` : '';
  return (
    `<text x="${x}" y="${y}" font-size="${fitted}"${weight !== 400 ? ` font-weight="${weight}"` : ''}` +
    ` fill="${o.fill ?? '#111827'}"${anchor}${o.extra ?? ''}>${esc(content)}</text>`
  );
}

/** Greedy word wrap; the last allowed line gets an ellipsis when words are left over. */
export function wrap(content: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of content.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars || !line) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) break;
  }
  if (lines.length < maxLines && line) lines.push(line);
  else if (line && lines.length === maxLines) lines[maxLines - 1] = `${lines[maxLines - 1] ?? ''}…`;
  return lines;
}

export function initialsOf(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((w) => w && !/^(the|and|of|co)$/i.test(w));
  const letters = words
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
  return letters || '?';
}

/** Mixes a #rrggbb colour towards black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const target = amount < 0 ? 0 : 255;
  const a = Math.abs(amount);
  const ch = (shift: number) => Math.round(((n >> shift) & 255) * (1 - a) + target * a);
  return `#${[16, 8, 0].map((s) => ch(s).toString(16).padStart(2, '0')).join('')}`;
}
