// jsdom lacks matchMedia (react-hot-toast and carousels ask it about reduced motion and widths).
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Section modules and the sanitiser load on demand in the app (the first page's are preloaded before its first
// render); components under test get the same: everything loaded before the first render, so tests render synchronously.
import { beforeAll } from 'vitest';
// toBeVisible, toHaveTextContent…: assertions about what a shopper can see, which fail when it is not there.
import '@testing-library/jest-dom/vitest';
import { preloadSections } from '../../src/client/engine/section-registry';
import { registry } from '../../src/sections/page-registry';
import { setSectionRegistry } from '../../src/client/engine/registry-holder';
import { loadRichHtml } from '../../src/client/components/rich-text';

beforeAll(async () => {
  setSectionRegistry(registry);
  await Promise.all([preloadSections(registry), loadRichHtml()]);
});

// waitFor/findBy give up after 1 s by default; on a loaded 2-core CI machine a carousel's feeds can take longer to
// settle (seen: 1.4 s), and a test should fail on what it asserts, not on the machine's load.
import { configure } from '@testing-library/dom';
configure({ asyncUtilTimeout: 5_000 });
