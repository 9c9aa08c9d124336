import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { VotePrompt } from '../../../src/client/features/reveal/vote/vote-prompt';
import { VoteBox } from '../../../src/client/features/reveal/vote/vote-box';
import { castVote, sendVoteReason } from '../../../src/client/features/reveal/vote/cast-vote';
import type { VoteTally } from '../../../src/shared/contract/entities';
import { successRate } from '../../../src/shared/rules/verification';
import { callsTo, json, makeCoupon, stubApi } from '../deals/deal-fixtures';

const VOTE = '/api/end-user/coupon/vote';
const REASON = '/api/end-user/coupon/vote/reason';
const ID = makeCoupon(4)._id;
const tally = (worked: number, failed: number): VoteTally => ({
  coupon_id: ID,
  worked,
  failed,
  success_rate: successRate(worked, failed),
  last_worked_at: '2026-11-22T09:00:00.000Z',
});
const THANKS_CODE = 'Thanks — once checked, your vote shows on every site that lists this code.';
const live = (container: HTMLElement) => container.querySelector('[aria-live="polite"]');

describe('vote prompt (issue 13)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks about a code in a labelled group, and on Yes sends worked:true and shows the thanks and the tally', async () => {
    const fetchMock = stubApi({ [VOTE]: () => json(200, { success: true, data: tally(14, 3) }) });
    const { container } = render(<VotePrompt couponId={ID} isCode />);
    expect(screen.getByRole('group', { name: 'Did this code work?' })).toBeVisible();
    expect(screen.getByRole('group', { name: 'Tell other shoppers whether it worked' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(live(container)?.textContent).toBe('Sending your vote…');
    await waitFor(() => expect(live(container)?.textContent).toBe(THANKS_CODE));
    expect(screen.getByText('Worked for 14 of 17')).toHaveFocus();
    const [[, init]] = callsTo(fetchMock, VOTE) as [[unknown, RequestInit]];
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ coupon_id: ID, worked: true });
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('asks about a deal when there is no code', () => {
    render(<VotePrompt couponId={ID} isCode={false} send={vi.fn()} />);
    expect(screen.getByRole('group', { name: 'Did this deal work?' })).toBeVisible();
  });

  it('records No the moment it is pressed, then offers the four reasons (optional) and sends the chosen one', async () => {
    const send = vi.fn<typeof castVote>(async () => tally(14, 4));
    const sendReason = vi.fn<typeof sendVoteReason>(async () => tally(14, 4));
    const onEngage = vi.fn();
    const { container } = render(
      <VotePrompt couponId={ID} isCode onEngage={onEngage} send={send} sendReason={sendReason} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onEngage).toHaveBeenCalled();
    // The vote goes out at once, before any reason: leaving now still counts it.
    expect(send).toHaveBeenCalledWith({ coupon_id: ID, worked: false });
    await waitFor(() => expect(live(container)?.textContent).toBe('Thanks — your “No” is saved.'));
    const reasons = screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent);
    expect(reasons).toEqual(['Expired', 'Needs a minimum spend', 'Not for my region', 'Other']);
    expect(screen.getByRole('group', { name: 'What went wrong? (optional)' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Expired' })).toHaveFocus();
    fireEvent.click(screen.getByRole('radio', { name: 'Needs a minimum spend' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sendReason).toHaveBeenCalledWith({ coupon_id: ID, reason: 'needs_minimum' });
    expect(live(container)?.textContent).toBe('Sending your answer…');
    await waitFor(() => expect(live(container)?.textContent).toBe(THANKS_CODE));
    expect(screen.getByText('Worked for 14 of 18')).toBeVisible();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends the No over the real API with keepalive, and the reason to its own route', async () => {
    const fetchMock = stubApi({
      [VOTE]: () => json(200, { success: true, data: tally(1, 1) }),
      [REASON]: () => json(200, { success: true, data: tally(1, 1) }),
    });
    render(<VotePrompt couponId={ID} isCode />);
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await screen.findByRole('radio', { name: 'Other' });
    const [[, vote]] = callsTo(fetchMock, VOTE) as [[unknown, RequestInit]];
    expect(JSON.parse(String(vote.body))).toEqual({ coupon_id: ID, worked: false });
    expect(vote.keepalive).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Worked for 1 of 2');
    const [[, why]] = callsTo(fetchMock, REASON) as [[unknown, RequestInit]];
    expect(JSON.parse(String(why.body))).toEqual({ coupon_id: ID, reason: 'other' });
  });

  it('sends nothing more when Send is pressed without a reason', async () => {
    const send = vi.fn<typeof castVote>(async () => tally(1, 1));
    const sendReason = vi.fn<typeof sendVoteReason>();
    render(<VotePrompt couponId={ID} isCode send={send} sendReason={sendReason} />);
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledWith({ coupon_id: ID, worked: false });
    await screen.findByText('Worked for 1 of 2');
    expect(sendReason).not.toHaveBeenCalled();
  });

  it('shows a failure inline with the server message and retries the same vote', async () => {
    let calls = 0;
    stubApi({
      [VOTE]: () =>
        ++calls === 1
          ? json(500, { success: false, message: 'Votes are resting.' })
          : json(200, { success: true, data: tally(3, 1) }),
    });
    const { container } = render(<VotePrompt couponId={ID} isCode />);
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(live(container)?.textContent).toBe('Votes are resting.');
    expect(retry).toHaveFocus();
    fireEvent.click(retry);
    await screen.findByRole('radio', { name: 'Expired' });
    expect(calls).toBe(2);
  });

  it('retries a reason that failed as a reason, not as another vote', async () => {
    const send = vi.fn<typeof castVote>(async () => tally(3, 1));
    let calls = 0;
    const sendReason = vi.fn<typeof sendVoteReason>(async () => {
      if (++calls === 1) throw new TypeError('Failed to fetch');
      return tally(3, 1);
    });
    const { container } = render(<VotePrompt couponId={ID} isCode send={send} sendReason={sendReason} />);
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Expired' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(live(container)?.textContent).toBe(THANKS_CODE));
    expect(sendReason).toHaveBeenCalledTimes(2);
    expect(sendReason).toHaveBeenLastCalledWith({ coupon_id: ID, reason: 'expired' });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('says the rate limit in words on a 429', async () => {
    stubApi({
      [VOTE]: () => json(429, { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' }),
    });
    const { container } = render(<VotePrompt couponId={ID} isCode />);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await screen.findByRole('button', { name: 'Try again' });
    expect(live(container)?.textContent).toBe('Too many votes from your connection — try again in a minute.');
  });

  it('says the vote was not sent when the network fails', async () => {
    const send = vi.fn<typeof castVote>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { container } = render(<VotePrompt couponId={ID} isCode send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await screen.findByRole('button', { name: 'Try again' });
    expect(live(container)?.textContent).toBe('Your vote could not be sent.');
  });
});

describe('vote box: no layout shift', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is there, empty, before the coupon is known, and every state of the prompt fills that same box', async () => {
    let answer = json(429, { message: 'slow down' });
    stubApi({ [VOTE]: () => answer });
    const { container, rerender } = render(<VoteBox coupon={undefined} />);
    const box = container.querySelector('.vote-box');
    expect(box).not.toBeNull();
    expect(box).toBeEmptyDOMElement();
    const inBox = () => expect(container.querySelector('.vote-prompt')?.parentElement).toBe(box);

    rerender(<VoteBox coupon={makeCoupon(4)} />);
    await screen.findByRole('button', { name: 'Yes' });
    inBox();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    inBox();
    await screen.findByRole('button', { name: 'Try again' });
    inBox();
    answer = json(200, { success: true, data: tally(2, 1) });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await screen.findByText('Worked for 2 of 3');
    inBox();
    expect(container.querySelectorAll('.vote-box')).toHaveLength(1);
    expect(container.querySelector('.vote-box')).toBe(box);
  });
});

describe('vote prompt: a vote the server did not count', () => {
  afterEach(cleanup);

  it('thanks the shopper without a "Worked for 0 of 0"', async () => {
    const send = vi.fn<typeof castVote>(async () => ({ ...tally(1, 0), worked: 0, success_rate: null }));
    const { container } = render(<VotePrompt couponId={ID} isCode send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(live(container)?.textContent).toBe(THANKS_CODE));
    expect(screen.queryByText(/Worked for/)).toBeNull();
    expect(screen.getByRole('group', { name: 'Tell other shoppers whether it worked' })).toHaveFocus();
  });
});
