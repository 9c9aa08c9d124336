import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { Newsletter } from '../../src/client/section-kit/newsletter/newsletter';
import type { NewsletterSettings } from '../../src/shared/layout/types';
import { withProviders } from './render-helpers';

const settings: NewsletterSettings = {
  variant: 'hero',
  heading: 'Subscribe today',
  subheading: 'Never miss an offer',
  note: 'We send no spam, and you can unsubscribe at any time.',
  placeholder: 'Enter your email',
  buttonLabel: 'Subscribe',
  invalidEmailMessage: 'Please provide a valid email address.',
  completeMs: null,
};

function mount(s: NewsletterSettings = settings) {
  render(
    withProviders(
      <>
        <Newsletter
          id="n"
          settings={s}
          data={null}
          context={{ host: 'test.localhost', assetBase: '/assets/', preview: false }}
        />
        <Toaster />
      </>,
    ),
  );
  const input = screen.getByLabelText('Email address');
  const submit = (value: string) => {
    fireEvent.change(input, { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
  };
  return { input, submit };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('newsletter block', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows its texts', () => {
    mount();
    expect(screen.getByRole('heading', { name: 'Subscribe today' })).toBeVisible();
    expect(screen.getByText('Never miss an offer')).toBeVisible();
    expect(screen.getByText(/no spam/)).toBeVisible();
  });

  it('refuses an invalid email with a toast and sends nothing', async () => {
    const { submit } = mount();
    submit('not-an-email');
    // A toast: jsdom lays out nothing, so react-hot-toast keeps it transparent (never 'visible').
    expect(await screen.findByText('Please provide a valid email address.')).toHaveAttribute('role', 'status');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('subscribes a valid email and shows the server message, then clears the field', async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        success: true,
        message: 'Thank you! Please check your inbox for our email about your newsletter subscription.',
      }),
    );
    const { input, submit } = mount();
    submit('shopper@example.com');
    // A toast: jsdom lays out nothing, so react-hot-toast keeps it transparent (never 'visible').
    expect(
      await screen.findByText('Thank you! Please check your inbox for our email about your newsletter subscription.'),
    ).toHaveAttribute('role', 'status');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/end-user/newsletter/email-subscribe');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email_id: 'shopper@example.com' });
    expect((init?.headers as Record<string, string>)['domain-name']).toBe(window.location.hostname);
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
  });

  it("shows the server's error message on failure", async () => {
    fetchMock.mockResolvedValue(
      json(429, { success: false, message: 'Too many sign-ups from your address, try again in a minute.' }),
    );
    const { submit } = mount();
    submit('shopper@example.com');
    // A toast: jsdom lays out nothing, so react-hot-toast keeps it transparent (never 'visible').
    expect(await screen.findByText('Too many sign-ups from your address, try again in a minute.')).toHaveAttribute(
      'role',
      'status',
    );
  });

  it("says 'not loaded.' when no answer came back", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { submit } = mount();
    submit('shopper@example.com');
    // A toast: jsdom lays out nothing, so react-hot-toast keeps it transparent (never 'visible').
    expect(await screen.findByText('not loaded.')).toHaveAttribute('role', 'status');
  });

  it('shows the complete state for completeMs when the layout asks for it', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, message: 'Subscribed' }));
    const { submit } = mount({ ...settings, completeMs: 3000 });
    submit('shopper@example.com');
    expect(await screen.findByText(/You are subscribed/)).toBeVisible();
    await waitFor(() => expect(screen.queryByText(/You are subscribed/)).toBeNull(), { timeout: 4000 });
  });
});
