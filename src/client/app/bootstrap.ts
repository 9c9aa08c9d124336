import type { LayoutDocument } from '../../shared/layout/types';
import type { DomainData } from '../../shared/layout/domain-data';

/** A layout document as the server resolved it for this tenant, with the file it came from. */
export interface ResolvedLayout {
  file: string;
  doc: LayoutDocument;
}

export interface RuntimeConfig {
  /** '' = same origin as the page; 'parent-api' = SPEC §7 rule (api.<parent domain>, staging host on localhost); else an absolute base URL. */
  apiBase: string;
  stagingApiBase?: string | null;
  assetBase: string;
  recaptchaSiteKey: string | null;
  analyticsId: string | null;
  preview: boolean;
}

/**
 * An answer the page was drawn with: its data, or — for the API's "no such thing" (404, 400) — that answer, so a page
 * the server drew as "not found" hydrates as it was drawn instead of asking again.
 */
export type InlinedQuery = { key: readonly unknown[]; data: unknown; error?: undefined } | { key: readonly unknown[]; error: InlinedNotFound; data?: undefined };

export interface InlinedNotFound {
  status: number;
  message: string;
}

/** What the server inlines into index.html so the first render needs no round trip. */
export interface Bootstrap {
  host: string;
  domain: DomainData;
  layouts: { home: ResolvedLayout; header: ResolvedLayout; footer: ResolvedLayout; mobileFooter?: ResolvedLayout | null };
  homeVariants?: Record<string, ResolvedLayout>;
  config: RuntimeConfig;
  queries?: InlinedQuery[];
  /** When the server drew the page (ms): the first render's clock, so countdowns hydrate as the server drew them. */
  renderedAt?: number;
}

const defaultConfig: RuntimeConfig = {
  apiBase: '',
  assetBase: '/assets/',
  recaptchaSiteKey: null,
  analyticsId: null,
  preview: false,
};

/** Reads the inline JSON bootstrap; null when the page was served without one (e.g. the Vite dev server). */
export function readBootstrap(doc: Document = document): Bootstrap | null {
  const el = doc.getElementById('dealdeck-bootstrap');
  if (!el?.textContent) return null;
  try {
    const parsed = JSON.parse(el.textContent) as Bootstrap;
    return { ...parsed, config: { ...defaultConfig, ...parsed.config } };
  } catch (error) {
    console.error('[dealdeck] the inline bootstrap is not valid JSON', error);
    return null;
  }
}
