// Analytics adapter (SPEC §1 "a page view on every route change"): gtag / dataLayer when the tenant configures an id, else nothing.

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export interface Analytics {
  /** Reports one page view; `path` is pathname + search, `title` the document title. */
  pageView(path: string, title: string): void;
}

/** What is reported, also as the dataLayer entry when no gtag function exists. */
export interface PageViewEvent {
  event: 'page_view';
  page_path: string;
  page_title: string;
  page_location: string;
  send_to: string;
}

export const noAnalytics: Analytics = { pageView: () => undefined };

/**
 * With an analytics id: calls window.gtag('event', 'page_view', …) when the page has gtag (e.g. from the tenant's header_html),
 * otherwise pushes the event to window.dataLayer (a tag manager picks it up). We never load gtag.js ourselves.
 * Without an id: a no-op.
 */
export function createAnalytics(analyticsId: string | null | undefined, win: Window = window): Analytics {
  const id = analyticsId?.trim();
  if (!id) return noAnalytics;
  return {
    pageView(path, title) {
      const event: PageViewEvent = {
        event: 'page_view',
        page_path: path,
        page_title: title,
        page_location: win.location.origin + path,
        send_to: id,
      };
      if (typeof win.gtag === 'function') {
        const { event: name, ...params } = event;
        win.gtag('event', name, params);
        return;
      }
      win.dataLayer = win.dataLayer ?? [];
      win.dataLayer.push(event);
    },
  };
}
