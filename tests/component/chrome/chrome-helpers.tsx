import { Route, Routes, useLocation } from 'react-router-dom';
import type { ReactNode } from 'react';
import type { SectionContext } from '../../../src/client/engine/types';
import type { DomainData } from '../../../src/shared/contract/domain-data';
import { testBootstrap } from '../render-helpers';

export const context: SectionContext = { host: 'test.localhost', assetBase: '/assets/', preview: false };

export const domain: DomainData = {
  name: 'Coupon Harbor',
  home_page: 'Home Page One',
  logo: 'tenants/one/logo.svg',
  favicon: 'tenants/one/favicon.svg',
  header_color: '#0f766e',
  meta_description: 'Coupon Harbor: verified coupon codes.',
  footer_about_us: 'Coupon Harbor collects the best coupon codes.',
  footer_text: '© 2026 Coupon Harbor. All rights reserved.',
  contact: { email: 'hello@couponharbor.example.com', phone: '+1 555-0101', address: '12 Harbour Row, Port Example' },
};

export const bootstrapWith = (
  overrides: Partial<DomainData> = {},
  config: Partial<ReturnType<typeof testBootstrap>['config']> = {},
) => {
  const base = testBootstrap({ domain: { ...domain, ...overrides } });
  return { ...base, config: { ...base.config, ...config } };
};

/** Shows where the router is, so tests can assert navigation. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/** The UI on every path, plus the probe. */
export function routed(ui: ReactNode) {
  return (
    <>
      <Routes>
        <Route path="*" element={ui} />
      </Routes>
      <LocationProbe />
    </>
  );
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
