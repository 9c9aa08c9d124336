import { useMemo, type ElementType } from 'react';
import DOMPurify from 'dompurify';
import parse from 'html-react-parser';
import { cut } from '../../shared/rules/cut';
import { fillMonthYear, looksLikeHtml } from '../../shared/rules/month-year';

/** Inline formatting only: coupon copy may bold a price, never bring a link, form, frame, style or script. */
export const ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'u', 'br', 'span', 'small', 'sup', 'sub', 'mark'] as const;

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

/** Coupon text as plain text ({month}/{year} filled, markup stripped): for title and aria attributes. */
export function couponPlainText(text: string | null | undefined, now: Date = new Date()): string {
  const filled = fillMonthYear(text ?? '', now);
  if (!looksLikeHtml(filled)) return filled;
  return DOMPurify.sanitize(filled, { ...PURIFY_CONFIG, ALLOWED_TAGS: [] }).textContent ?? '';
}

interface Props {
  text: string | null | undefined;
  /** Visible characters kept (the section's nameCut etc.); no cut when absent. */
  max?: number;
  ellipsis?: string;
  as?: ElementType;
  className?: string;
  id?: string;
  /** Fixed clock for tests; the month and year placeholders use it. */
  now?: Date;
}

/**
 * SPEC §3 text helper: {month}/{year} filled, then text containing '<' rendered as sanitised inline HTML
 * (through html-react-parser, never innerHTML), anything else as plain text. Never raw.
 */
export function RichText({ text, max, ellipsis = '...', as: Tag = 'span', className, id, now }: Props) {
  const monthKey = now ? now.getTime() : new Date().toISOString().slice(0, 7);
  const content = useMemo(() => {
    const filled = fillMonthYear(text ?? '', now ?? new Date());
    if (!looksLikeHtml(filled)) return cut(filled, max ?? Number.POSITIVE_INFINITY, ellipsis);
    return parse(sanitizeCouponHtml(filled, max, ellipsis));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- monthKey stands for `now` (placeholders change once a month)
  }, [text, max, ellipsis, monthKey]);
  return (
    <Tag className={className} id={id}>
      {content}
    </Tag>
  );
}
