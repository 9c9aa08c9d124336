import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { HomePage } from '../../src/client/pages/home-page';
import { testBootstrap, withProviders } from './render-helpers';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// Issue 28: the server sends a /home2 … /home4 document only with its own page. Reached from another page (whose
// bootstrap carries no variant), the variant loads as a document rather than drawing the tenant's home at its address.
describe('a home variant reached from another page', () => {
  const reload = () => {
    const spy = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload: spy });
    return spy;
  };

  it('loads the page again instead of drawing the wrong document', () => {
    const spy = reload();
    render(withProviders(<HomePage variant="Home Page Two" />, testBootstrap(), '/home2'));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Loading')).toBeTruthy();
  });

  it('draws the variant its page carries, or the home when it carries none for it, without loading again', () => {
    const spy = reload();
    const carried = testBootstrap({ homeVariants: {} });
    const { container } = render(withProviders(<HomePage variant="Home Page Two" />, carried, '/home2'));
    expect(container.querySelector('.home')).not.toBeNull();
    render(withProviders(<HomePage />, testBootstrap(), '/'));
    expect(spy).not.toHaveBeenCalled();
  });
});
