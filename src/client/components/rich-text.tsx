import { startTransition, useEffect, useMemo, useState, type ElementType } from 'react';
import { cut } from '../../shared/rules/cut';
import { fillMonthYear, looksLikeHtml } from '../../shared/rules/month-year';

/** Inline formatting only: coupon copy may bold a price, never bring a link, form, frame, style or script. */
export const ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'u', 'br', 'span', 'small', 'sup', 'sub', 'mark'] as const;

type RichHtml = typeof import('./rich-html');
let richHtml: RichHtml | null = null;
let loading: Promise<RichHtml> | null = null;
/** Loads the sanitiser module once (and again after a failed load). */
export function loadRichHtml(): Promise<RichHtml> {
  return (loading ??= import('./rich-html').then(
    (m) => (richHtml = m),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
}

/** The text of markup, tags dropped: parsed in an inert document (no script runs, no image loads, nothing is inserted). */
function browserText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  // What DOMPurify drops with its element, never shown as text: code, styles and embedded documents.
  for (const el of body.querySelectorAll('script, style, template, noscript, iframe, object, embed, svg, math, textarea, title')) el.remove();
  return body.textContent ?? '';
}

let textOf: (html: string) => string = browserText;
/** Server rendering has no DOMParser: it gives its own markup-to-text (the same words, src/client/ssr/markup-text.ts). */
export function setMarkupText(text: (html: string) => string): void {
  textOf = text;
}

/** Coupon text as plain text ({month}/{year} filled, markup stripped): for title and aria attributes. */
export function couponPlainText(text: string | null | undefined, now: Date = new Date()): string {
  const filled = fillMonthYear(text ?? '', now);
  if (!looksLikeHtml(filled)) return filled;
  return textOf(filled);
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
  const [rich, setRich] = useState(richHtml);
  const filled = useMemo(() => fillMonthYear(text ?? '', now ?? new Date()), [text, monthKey]); // eslint-disable-line react-hooks/exhaustive-deps -- monthKey stands for `now`
  const html = looksLikeHtml(filled);
  useEffect(() => {
    if (!html || rich) return;
    let live = true;
    // A transition: every card with markup redraws at once when the sanitiser arrives, in slices that leave input free.
    loadRichHtml().then((m) => live && startTransition(() => setRich(m)), () => undefined); // not loaded: the plain text stays
    return () => {
      live = false;
    };
  }, [html, rich]);
  const content = useMemo(() => {
    if (!html) return cut(filled, max ?? Number.POSITIVE_INFINITY, ellipsis);
    // Until the sanitiser has loaded, the same words without their formatting.
    return rich ? rich.richNodes(filled, max, ellipsis) : cut(textOf(filled), max ?? Number.POSITIVE_INFINITY, ellipsis);
  }, [filled, html, rich, max, ellipsis]);
  return (
    <Tag className={className} id={id}>
      {content}
    </Tag>
  );
}
