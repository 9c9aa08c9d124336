import type { Bootstrap, RuntimeConfig } from '../../shared/contract/bootstrap';

// The page's bootstrap as the browser reads it; its shape is the contract's (src/shared/contract/bootstrap.ts).
export type {
  Bootstrap,
  BootstrapLayouts,
  InlinedNotFound,
  InlinedQuery,
  ResolvedLayout,
  RuntimeConfig,
} from '../../shared/contract/bootstrap';

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
