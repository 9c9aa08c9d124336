import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { DealCard } from '../../../src/client/components/deals/deal-card';
import { VerificationBadge } from '../../../src/client/components/deals/verification-badge';
import type { Verification } from '../../../src/shared/contract/entities';
import { testBootstrap, withProviders } from '../render-helpers';
import { makeCoupon, NO_VOTES, votes } from './deal-fixtures';

const NOW = new Date('2026-11-22T10:00:00Z');
const props = {
  tagCut: 28,
  titleCut: 48,
  descriptionCut: 60,
  ellipsis: '...',
  buttonLabel: 'View',
  onReveal: () => {},
};
const line = (container: HTMLElement) => container.querySelector('.deal-verification .verification-pill');

describe('full deal card: shoppers\u2019 votes (issue 13)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('tells the tally and when it last worked, with the instant in <time dateTime>', () => {
    const at = '2026-11-22T07:40:00.000Z';
    const { container } = render(
      withProviders(<DealCard coupon={makeCoupon(1, { verification: votes(14, 3, at) })} {...props} />),
    );
    expect(line(container)?.textContent).toBe('Worked for 14 of 17 · last worked 2 h ago');
    expect(line(container)).toHaveClass('verification-good');
    expect(container.querySelector(`.deal-verification time[datetime="${at}"]`)?.textContent).toBe('2 h ago');
  });

  it('moves "last worked" on with the minute clock', () => {
    const { container } = render(
      withProviders(
        <DealCard coupon={makeCoupon(1, { verification: votes(2, 0, '2026-11-22T09:59:30.000Z') })} {...props} />,
      ),
    );
    expect(line(container)?.textContent).toBe('Worked for 2 of 2 · last worked just now');
    expect(line(container)).toHaveClass('verification-mixed');
    act(() => void vi.advanceTimersByTime(3 * 60_000));
    expect(line(container)?.textContent).toBe('Worked for 2 of 2 · last worked 3 min ago');
  });

  it('says "Not yet verified" (muted) without votes and "Reported not working" (red) under 40 % of 5+', () => {
    const { container } = render(
      withProviders(<DealCard coupon={makeCoupon(1, { verification: NO_VOTES })} {...props} />),
    );
    expect(line(container)?.textContent).toBe('Not yet verified');
    expect(line(container)).toHaveClass('verification-unverified');
    cleanup();
    const reported = render(
      withProviders(
        <DealCard coupon={makeCoupon(2, { verification: votes(1, 4, '2026-11-01T00:00:00Z') })} {...props} />,
      ),
    );
    expect(line(reported.container)?.textContent).toBe('Reported not working');
    expect(line(reported.container)).toHaveClass('verification-reported');
    expect(reported.container.querySelector('.deal-verification time')).toBeNull();
  });

  it('hydrates the server\u2019s words without a mismatch, minutes later', async () => {
    const coupon = makeCoupon(1, { verification: votes(14, 3, '2026-11-22T09:00:30.000Z') });
    const bootstrap = testBootstrap({ renderedAt: NOW.getTime() });
    const html = renderToString(withProviders(<DealCard coupon={coupon} {...props} />, bootstrap));
    expect(html).toContain('last worked <time dateTime="2026-11-22T09:00:30.000Z">59 min ago</time>');

    vi.setSystemTime(new Date(NOW.getTime() + 2 * 60_000)); // the browser hydrates two minutes after the render
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.appendChild(root);
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(root, withProviders(<DealCard coupon={coupon} {...props} />, bootstrap), { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    // Then the clock takes over.
    expect(line(root)?.textContent).toBe('Worked for 14 of 17 · last worked 1 h ago');
    root.remove();
  });
});

describe('home compact badge', () => {
  afterEach(cleanup);

  it('is a short line: the success rate with a check, the small tally, or the unverified / reported words', () => {
    const cases: [Verification, string, string][] = [
      [votes(14, 3), '✓ 82% worked', 'verification-good'],
      [votes(2, 0), 'Worked for 2 of 2', 'verification-mixed'],
      [votes(5, 4), '56% worked', 'verification-mixed'],
      [NO_VOTES, 'Not yet verified', 'verification-unverified'],
      [votes(1, 9), 'Reported not working', 'verification-reported'],
    ];
    for (const [verification, text, tone] of cases) {
      const { container } = render(<VerificationBadge verification={verification} />);
      expect(line(container)?.textContent).toBe(text);
      expect(line(container)).toHaveClass(tone);
      cleanup();
    }
  });

  it('hides the check mark from screen readers', () => {
    render(<VerificationBadge verification={votes(9, 1)} />);
    expect(screen.getByText('✓', { exact: false })).toHaveAttribute('aria-hidden', 'true');
  });
});
