import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { GridDealCard } from '../../../src/client/components/deals/grid-deal-card';
import { FiveDealCard } from '../../../src/client/components/deals/five-deal-card';
import { LandingDealCard } from '../../../src/client/components/deals/landing-deal-card';
import { DealCard } from '../../../src/client/components/deals/deal-card';
import { withProviders } from '../render-helpers';
import { makeCoupon } from './deal-fixtures';

const longStore = 'The Professional Drafting & Survey Supply Company';
const longName = 'Take an Extra 30% Off Clearance Lighting When You Join the Pebble & Pine Club Today';

describe('home grid card', () => {
  afterEach(cleanup);

  it('shows the store name cut to tagCut + ellipsis, the name cut to nameCut, and a Show code button', () => {
    const coupon = makeCoupon(2, {
      name: longName,
      store: { name: longStore, image: 'stores/x.svg', slug: 'pro-drafting' },
    });
    const onReveal = vi.fn();
    render(
      withProviders(
        <GridDealCard
          coupon={coupon}
          nameCut={50}
          tagCut={28}
          ellipsis="..."
          buttonLabel="Show code"
          onReveal={onReveal}
        />,
      ),
    );
    expect(screen.getByText('The Professional Drafting & ...')).toBeVisible();
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(`${longName.slice(0, 50)}...`);
    fireEvent.click(screen.getByRole('button', { name: 'Show code' }));
    expect(onReveal).toHaveBeenCalledWith(coupon);
  });

  it('falls back to the category as the tag, and links the logo to /store/{slug}', () => {
    const coupon = makeCoupon(3, {
      image: null,
      category: 'Computers, Tablets & Accessories and More',
      store: { name: '', image: null, slug: 'bytewise' },
      store_id: { _id: 's', name: '', slug: 'bytewise', image: null, desktop_redirection_type: 'default' },
    });
    render(
      withProviders(
        <GridDealCard
          coupon={coupon}
          nameCut={50}
          tagCut={28}
          ellipsis="..."
          buttonLabel="Show code"
          onReveal={() => {}}
        />,
      ),
    );
    expect(screen.getByText('Computers, Tablets & Accesso...')).toBeVisible();
    const logo = screen.getByRole('link');
    expect(logo.getAttribute('href')).toBe('/store/bytewise');
    expect(within(logo).getByRole('img').getAttribute('src')).toBe('/assets/placeholder/store.svg');
  });

  it('tells a code from a deal', () => {
    render(
      withProviders(
        <GridDealCard
          coupon={makeCoupon(2)}
          nameCut={50}
          tagCut={28}
          ellipsis="..."
          buttonLabel="Show code"
          onReveal={() => {}}
        />,
      ),
    );
    render(
      withProviders(
        <GridDealCard
          coupon={makeCoupon(3)}
          nameCut={50}
          tagCut={28}
          ellipsis="..."
          buttonLabel="Show code"
          onReveal={() => {}}
        />,
      ),
    );
    expect(screen.getAllByText('Code')).toHaveLength(1);
    expect(screen.getAllByText('Deal')).toHaveLength(1);
  });
});

describe('Five card', () => {
  afterEach(cleanup);

  it("shows the tag, 'Expiry Date' with the first 10 characters, the name cut to 70, the badge and Show code", () => {
    const name = 'Flash Sale: 60% Off Selected Denim for the Next 48 Hours Only, While Stocks Last';
    const coupon = makeCoupon(1, { name, expiry_date: '2027-05-16T00:58:26.097Z' });
    const onReveal = vi.fn();
    render(
      withProviders(
        <FiveDealCard
          coupon={coupon}
          nameCut={70}
          tagCut={28}
          ellipsis="..."
          expiryLabel="Expiry Date"
          expiryChars={10}
          badge="Limited time deal"
          buttonLabel="Show code"
          onReveal={onReveal}
        />,
      ),
    );
    expect(screen.getByText('Store 1')).toBeVisible();
    expect(screen.getByText('2027-05-16').closest('p')?.textContent).toBe('Expiry Date: 2027-05-16');
    expect(screen.getByRole('heading').textContent).toBe(`${name.slice(0, 70)}...`);
    expect(screen.getByText('Limited time deal')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Show code' }));
    expect(onReveal).toHaveBeenCalledOnce();
  });
});

describe('landing card', () => {
  afterEach(cleanup);

  it('shows Visit offer and the expiry date', () => {
    const onAction = vi.fn();
    render(
      withProviders(
        <LandingDealCard
          coupon={makeCoupon(1, { expiry_date: '2026-12-06T13:58:26.097Z' })}
          nameCut={70}
          tagCut={28}
          ellipsis="..."
          expiryChars={10}
          buttonLabel="Visit offer"
          onAction={onAction}
        />,
      ),
    );
    expect(screen.getByText('2026-12-06')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Visit offer' }));
    expect(onAction).toHaveBeenCalledOnce();
  });
});

describe('full deal card', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const props = {
    tagCut: 28,
    titleCut: 48,
    descriptionCut: 60,
    ellipsis: '...',
    buttonLabel: 'View',
    onReveal: () => {},
  };

  it("cuts title to 48 and description to 60, formats the expiry 'DD MMMM YYYY' and counts down", () => {
    const coupon = makeCoupon(1, {
      title: 'Limited time: free gift with every purchase over fifty dollars',
      description: 'No code needed: prices already reduced on smart speakers. Offer ends soon.',
      expiry_date: '2026-11-25T12:04:30Z',
    });
    const onReveal = vi.fn();
    render(withProviders(<DealCard coupon={coupon} {...props} onReveal={onReveal} />));
    expect(screen.getByRole('heading').textContent).toBe('Limited time: free gift with every purchase over...');
    expect(screen.getByText('No code needed: prices already reduced on smart speakers. Of...')).toBeVisible();
    expect(screen.getByText('25 November 2026')).toBeVisible();
    expect(screen.getByText(/3d 2h 4m/)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(onReveal).toHaveBeenCalledWith(coupon);
  });

  it('updates the countdown each minute and says Expired once the expiry passes', () => {
    render(withProviders(<DealCard coupon={makeCoupon(1, { expiry_date: '2026-11-22T10:02:30Z' })} {...props} />));
    expect(screen.getByText(/0d 0h 2m/)).toBeVisible();
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByText(/0d 0h 1m/)).toBeVisible();
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByText(/0d 0h 0m/)).toBeVisible();
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Expired')).toBeVisible();
  });

  it('shows Expired for a past expiry and no countdown without one', () => {
    render(withProviders(<DealCard coupon={makeCoupon(1, { expiry_date: '2026-01-01' })} {...props} />));
    expect(screen.getByText('Expired')).toBeVisible();
    cleanup();
    render(withProviders(<DealCard coupon={makeCoupon(2, { expiry_date: null })} {...props} />));
    expect(screen.queryByText('Expired')).toBeNull();
    expect(screen.getByText('No expiry')).toBeVisible();
  });
});
