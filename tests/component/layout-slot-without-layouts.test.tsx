import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { LayoutSlot } from '../../src/client/engine/layout-slot';
import { testBootstrap, withProviders } from './render-helpers';

afterEach(cleanup);

// The server sends `layouts: null` when the tenant's documents could not be resolved (a broken default document).
describe('layout slots without resolved layouts', () => {
  it('draws the page around empty slots instead of failing', () => {
    const bootstrap = testBootstrap({ layouts: null });
    render(
      withProviders(
        <>
          <LayoutSlot kind="header" element="header" className="site-header" />
          <main>
            <h1>Store page</h1>
          </main>
          <LayoutSlot kind="home" variant="Home Page Two" element="div" className="home" />
          <LayoutSlot kind="footer" element="footer" className="site-footer" />
        </>,
        bootstrap,
      ),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Store page');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});
