import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AffiliateDisclosure } from '../../../../src/client/components/affiliate-disclosure';
import disclosureSection from '../../../../src/sections/affiliate-disclosure/section';
import { StorePage } from '../../../../src/client/pages/store-page';
import { DEFAULT_AFFILIATE_DISCLOSURE } from '../../../../src/shared/affiliate-disclosure';
import { testBootstrap, withProviders } from '../../render-helpers';
import { json, stubApi } from '../../deals/deal-fixtures';
import { bluebird, mountPage, RATING, ratingAnswer, STORE_BY_SLUG, storeAnswer } from './fixtures';

const withDisclosure = (affiliate_disclosure?: string) =>
  testBootstrap({
    domain: {
      name: 'Test deals',
      home_page: 'Test',
      ...(affiliate_disclosure === undefined ? {} : { affiliate_disclosure }),
    },
  });
const note = () => screen.getByRole('note', { name: 'Affiliate disclosure' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('affiliate disclosure', () => {
  it('shows the default text when the tenant has none, or only blanks', () => {
    for (const own of [undefined, '', '   ']) {
      render(withProviders(<AffiliateDisclosure />, withDisclosure(own)));
      expect(note().textContent).toBe(DEFAULT_AFFILIATE_DISCLOSURE);
      cleanup();
    }
  });

  it("shows the tenant's own text, as a small muted paragraph", () => {
    render(withProviders(<AffiliateDisclosure />, withDisclosure('We earn a fee from some stores.')));
    expect(note().textContent).toBe('We earn a fee from some stores.');
    expect(note().tagName).toBe('P');
    expect(note().className).toBe('affiliate-disclosure');
  });

  it('keeps markup in the text as text', () => {
    const evil = '<script>alert(1)</script><b>bold</b>';
    const { container } = render(withProviders(<AffiliateDisclosure />, withDisclosure(evil)));
    expect(note().textContent).toBe(evil);
    expect(container.querySelector('script, b')).toBeNull();
  });

  it('sits just above the offers of a store page', async () => {
    stubApi({
      [STORE_BY_SLUG]: () => json(200, storeAnswer()),
      [RATING]: () => json(200, ratingAnswer(bluebird._id, 4, 2)),
    });
    mountPage('/store/:storeSlug', <StorePage />, '/store/bluebird-books', withDisclosure('Ours.'));
    await screen.findByRole('heading', { level: 1 });
    const disclosure = note();
    expect(disclosure.textContent).toBe('Ours.');
    const offers = screen.getAllByRole('heading', { level: 3 })[0];
    expect(offers).toBeDefined();
    // DOCUMENT_POSITION_FOLLOWING: the first offer comes after the disclosure, in the same column.
    expect(disclosure.compareDocumentPosition(offers as Node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(disclosure.parentElement?.className).toBe('store-layout-main');
  });

  it("is a home section too: the layout documents place it next to home's deals", () => {
    const Section = disclosureSection.component;
    const context = { host: 'test.localhost', assetBase: '/assets/', preview: false };
    render(
      withProviders(
        <Section id="affiliate-disclosure" settings={{}} data={null} context={context} />,
        withDisclosure('We are paid by stores.'),
      ),
    );
    expect(note().textContent).toBe('We are paid by stores.');
  });
});
