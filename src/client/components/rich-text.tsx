import { startTransition, useEffect, useMemo, useRef, useState, type ElementType } from 'react';
import { cut } from '../../shared/rules/cut';
import { fillMonthYear, looksLikeHtml } from '../../shared/rules/month-year';

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

/** How far below the viewport markup starts loading the sanitiser, so it is formatted by the time it scrolls in. */
const NEAR_VIEWPORT = '300px';
const waiting = new Map<Element, () => void>();
let observer: IntersectionObserver | null = null;
/**
 * Calls `load` once `el` is on (or near) the screen: coupon markup out of sight never brings the sanitiser into a
 * page's first load (it is shown as plain words until then). At once where there is no IntersectionObserver.
 */
function whenNearViewport(el: Element, load: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    load();
    return () => undefined;
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        waiting.get(entry.target)?.();
        waiting.delete(entry.target);
        observer?.unobserve(entry.target);
      }
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  waiting.set(el, load);
  observer.observe(el);
  return () => {
    waiting.delete(el);
    observer?.unobserve(el);
  };
}

/** The text of markup, tags dropped: parsed in an inert document (no script runs, no image loads, nothing is inserted). */
function browserText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  // What DOMPurify drops with its element, never shown as text: code, styles and embedded documents.
  for (const el of body.querySelectorAll(
    'script, style, template, noscript, iframe, object, embed, svg, math, textarea, title',
  ))
    el.remove();
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
  const ref = useRef<HTMLElement>(null);
  const filled = useMemo(() => fillMonthYear(text ?? '', now ?? new Date()), [text, monthKey]); // eslint-disable-line react-hooks/exhaustive-deps -- monthKey stands for `now`
  const html = looksLikeHtml(filled);
  useEffect(() => {
    const el = ref.current;
    if (!html || rich || !el) return;
    let live = true;
    // A transition: every card with markup redraws at once when the sanitiser arrives, in slices that leave input free.
    const load = () =>
      loadRichHtml().then(
        (m) => live && startTransition(() => setRich(m)),
        () => undefined,
      ); // not loaded: the plain text stays
    // Already loaded for other text: formatted at once, wherever this text is.
    const stop = richHtml ? (void load(), () => undefined) : whenNearViewport(el, () => void load());
    return () => {
      live = false;
      stop();
    };
  }, [html, rich]);
  const content = useMemo(() => {
    if (!html) return cut(filled, max ?? Number.POSITIVE_INFINITY, ellipsis);
    // Until the sanitiser has loaded, the same words without their formatting.
    return rich
      ? rich.richNodes(filled, max, ellipsis)
      : cut(textOf(filled), max ?? Number.POSITIVE_INFINITY, ellipsis);
  }, [filled, html, rich, max, ellipsis]);
  return (
    <Tag className={className} id={id} ref={ref}>
      {content}
    </Tag>
  );
}
