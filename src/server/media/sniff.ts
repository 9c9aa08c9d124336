// An upload's type from its first bytes, never from the Content-Type a client claims: sharp would read an SVG (an XML
// document that can carry scripts and fetch other files) whatever the header said.

export type SniffedType = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif' | 'svg';

const startsWith = (b: Uint8Array, bytes: readonly number[], at = 0) => bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

export function sniffImage(b: Uint8Array): SniffedType | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  if (ascii(b, 4, 8) === 'ftyp' && /^(avif|avis)$/.test(ascii(b, 8, 12))) return 'avif';
  // Anything that reads as XML or HTML markup near its start: SVG, or a page pretending to be an image.
  const head = Buffer.from(b.subarray(0, 1024))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<') && /<svg[\s>]|<\?xml|<!doctype|<html/.test(head)) return 'svg';
  return null;
}
