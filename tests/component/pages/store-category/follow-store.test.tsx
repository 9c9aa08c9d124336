import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { FollowStore } from '../../../../src/client/features/store/follow-store';
import { withProviders } from '../../render-helpers';
import { callsTo, json, stubApi } from '../../deals/deal-fixtures';

// Issue 14: "Follow this store" on the store page asks for an email and posts it; the server sends the opt-in mail.
const PATH = '/api/end-user/store/follow';

function mount() {
  render(
    withProviders(
      <>
        <FollowStore storeId="abc123" storeName="Bluebird Books" />
        <Toaster />
      </>,
    ),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Follow this store' }));
  const input = screen.getByLabelText('Email me new Bluebird Books coupons (at most one mail a day)');
  return (value: string) => {
    fireEvent.change(input, { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Follow this store' }));
  };
}

describe('Follow this store', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('posts the email and the store, then shows the server message', async () => {
    const message = 'Thank you! Please check your inbox for our email about alerts for new Bluebird Books coupons.';
    const fetchMock = stubApi({ [PATH]: () => json(200, { success: true, message }) });
    mount()(' Reader@Example.com ');
    expect(await screen.findByText(message)).toHaveAttribute('role', 'status');
    const [call] = callsTo(fetchMock, PATH);
    expect(call?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email_id: 'Reader@Example.com', store_id: 'abc123' });
  });

  it('refuses an invalid email without a request, and shows a server error', async () => {
    const fetchMock = stubApi({
      [PATH]: () => json(404, { success: false, message: 'This store is not on this site.' }),
    });
    const submit = mount();
    submit('nope');
    expect(await screen.findByText('Please provide a valid email address.')).toBeTruthy();
    expect(callsTo(fetchMock, PATH)).toHaveLength(0);
    submit('a@example.com');
    expect(await screen.findByText('This store is not on this site.')).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, PATH)).toHaveLength(1));
  });
});
