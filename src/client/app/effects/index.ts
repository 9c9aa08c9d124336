// The app shell's effects: mount <AppEffects /> once in the shell; pages use usePageTitle.
export { AppEffects } from './app-effects';
export { usePageTitle, formatTitle, pageTitleAtom } from '../../lib/page-title';
export { createAnalytics, noAnalytics, type Analytics, type PageViewEvent } from './analytics';
export { loadRecaptcha, recaptchaSrc } from './recaptcha';
export { SCRIPT_LOAD_TIMEOUT_MS, loadScript } from './load-script';
