import type { DomainData } from './domain-data';
import type { LoadedDocument } from '../layout/types';

// What the server inlines into each page (#dealdeck-bootstrap) and the browser reads before its first render.
// Types only: the server writes it and the browser reads it, nothing validates it in between.

/** A layout document as the server resolved it for this tenant, with the file it came from. */
export type ResolvedLayout = LoadedDocument;

export interface BootstrapLayouts {
  home: ResolvedLayout;
  header: ResolvedLayout;
  footer: ResolvedLayout;
  mobileFooter?: ResolvedLayout | null;
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

/** The API's "no such thing" (404, 400) as the page was drawn with it. */
export interface InlinedNotFound {
  status: number;
  message: string;
}

/**
 * An answer the page was drawn with: its data, or — for the API's "no such thing" — that answer, so a page the server
 * drew as "not found" hydrates as it was drawn instead of asking again. `key` is the query's key (./queries).
 */
export type InlinedQuery =
  | { key: readonly unknown[]; data: unknown; error?: undefined }
  | { key: readonly unknown[]; error: InlinedNotFound; data?: undefined };

export interface Bootstrap {
  host: string;
  domain: DomainData;
  /** null when the tenant's documents could not be resolved: the page is drawn without its layout slots. */
  layouts: BootstrapLayouts | null;
  /** The home documents of /home2 … /home4, by home_page value. */
  homeVariants?: Record<string, ResolvedLayout>;
  config: RuntimeConfig;
  /** Query data for the first render (hydrated into the browser's query cache under these keys). */
  queries?: InlinedQuery[];
  /** When the server drew the page (ms): the first render's clock, so countdowns hydrate as the server drew them. */
  renderedAt?: number;
}
