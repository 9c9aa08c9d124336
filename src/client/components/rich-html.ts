import DOMPurify from 'dompurify';
import parse from 'html-react-parser';
import type { ReactNode } from 'react';
import { ALLOWED_TAGS } from './rich-tags';

// The sanitiser and the parser (≈20 KB gzip) load only when some coupon text holds markup: most text is plain.

const PURIFY_CONFIG = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [] as string[],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_DOM_FRAGMENT: true as const,
};

/** Cuts the visible text of sanitised markup to `max` code points (+ ellipsis) without breaking an element. */
function cutFragment(fragment: DocumentFragment, max: number, ellipsis: string): void {
  if (!Number.isFinite(max)) return;
  const limit = Math.max(0, Math.floor(max));
  const walker = document.createTreeWalker(fragment, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  if (texts.reduce((n, t) => n + Array.from(t.data).length, 0) <= limit) return;
  let left = limit;
  for (const text of texts) {
    const chars = Array.from(text.data);
    if (chars.length > left) {
      // The ellipsis goes where the cut falls; everything after it (text and elements) is dropped.
      text.data = chars.slice(0, left).join('') + ellipsis;
      const rest = document.createRange();
      rest.setStartAfter(text);
      rest.setEnd(fragment, fragment.childNodes.length);
      rest.deleteContents();
      return;
    }
    left -= chars.length;
  }
}

/** DOMPurify with the inline-only allowlist; returns safe markup (cut to `max` visible characters when given). */
export function sanitizeCouponHtml(html: string, max = Number.POSITIVE_INFINITY, ellipsis = '...'): string {
  const fragment = DOMPurify.sanitize(html, PURIFY_CONFIG);
  cutFragment(fragment, max, ellipsis);
  const holder = document.createElement('div');
  holder.appendChild(fragment);
  return holder.innerHTML;
}

/** Sanitised inline markup as React nodes (html-react-parser, never innerHTML). */
export function richNodes(html: string, max?: number, ellipsis = '...'): ReactNode {
  return parse(sanitizeCouponHtml(html, max, ellipsis));
}
