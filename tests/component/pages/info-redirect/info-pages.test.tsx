import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AboutPage } from '../../../../src/client/pages/about-page';
import { PrivacyPage } from '../../../../src/client/pages/privacy-page';
import { testBootstrap, withProviders } from '../../render-helpers';
import { json } from '../../deals/deal-fixtures';

const domain = (extra: Record<string, unknown> = {}) => ({ name: 'Saverly', home_page: 'Test', ...extra });

describe('about and privacy pages', () => {
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { success: false, message: 'no stub' })),
    ),
  );
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("about shows the tenant's footer_about_us text", () => {
    render(
      withProviders(
        <AboutPage />,
        testBootstrap({ domain: domain({ footer_about_us: 'Saverly finds <b>real</b> savings.' }) }),
        '/aboutus',
      ),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
    expect(screen.getByText('real').tagName).toBe('B');
    expect(document.body.textContent).toContain('Saverly finds real savings.');
  });

  it('about falls back to a default that names the tenant', () => {
    render(withProviders(<AboutPage />, testBootstrap({ domain: domain() }), '/aboutus'));
    expect(document.body.textContent).toContain('Saverly brings together coupon codes and deals');
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contactus');
  });

  it('privacy covers newsletter, browser storage, affiliate links and contact, naming the tenant', () => {
    render(
      withProviders(
        <PrivacyPage />,
        testBootstrap({ domain: domain({ contact: { email: 'privacy@saverly.example' } }) }),
        '/privacypolicy',
      ),
    );
    for (const name of [
      'Newsletter',
      'Cookies and browser storage',
      'Links to stores and affiliate links',
      'Your choices and contact',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    expect(document.body.textContent).toContain('Saverly (“we”) runs this website');
    expect(document.body.textContent).toContain('Session storage');
    expect(screen.getByRole('link', { name: 'privacy@saverly.example' }).getAttribute('href')).toBe(
      'mailto:privacy@saverly.example',
    );
  });

  it('privacy mentions analytics only when the tenant has it', () => {
    render(withProviders(<PrivacyPage />, testBootstrap({ domain: domain() }), '/privacypolicy'));
    expect(document.body.textContent).not.toContain('analytics service');
    cleanup();
    const base = testBootstrap({ domain: domain() });
    render(
      withProviders(<PrivacyPage />, { ...base, config: { ...base.config, analyticsId: 'G-1' } }, '/privacypolicy'),
    );
    expect(document.body.textContent).toContain('analytics service');
  });
});
