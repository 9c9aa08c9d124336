// Shared inputs for the demo-data tests: one fixed clock and an SVG well-formedness check.
import { generateDemoData } from '../../../src/server/db/seed/demo';

export const NOW = new Date('2025-06-15T12:00:00.000Z');
export const data = generateDemoData({ now: NOW });

export interface SvgInfo {
  width: number;
  height: number;
  viewBox: string;
  text: string;
}

/** Parses an SVG document strictly (XML); needs a DOM (files using it declare `@vitest-environment jsdom`). */
export function parseSvg(body: string): SvgInfo {
  const doc = new DOMParser().parseFromString(body, 'image/svg+xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed: ${error.textContent ?? ''}`);
  const root = doc.documentElement;
  if (root.tagName !== 'svg' || root.namespaceURI !== 'http://www.w3.org/2000/svg')
    throw new Error(`root is ${root.tagName}`);
  return {
    width: Number(root.getAttribute('width')),
    height: Number(root.getAttribute('height')),
    viewBox: root.getAttribute('viewBox') ?? '',
    text: [...root.getElementsByTagName('text')].map((t) => t.textContent ?? '').join(' | '),
  };
}
