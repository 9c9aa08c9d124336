import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ContactPage } from '../../../../src/client/pages/contact-page';
import { testBootstrap, withProviders } from '../../render-helpers';
import { json } from '../../deals/deal-fixtures';

const SEND = '/api/end-user/mail/sendMail';

function mount() {
  const bootstrap = testBootstrap({
    domain: {
      name: 'Test deals',
      home_page: 'Test',
      contact: { email: 'hello@test.example', phone: '+1 555-0100', address: '1 Test Street' },
    },
  });
  render(withProviders(<ContactPage />, bootstrap, '/contactus'));
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
  const fill = (values: { name?: string; email?: string; message?: string }) => {
    if (values.name !== undefined) fireEvent.change(field('Your name'), { target: { value: values.name } });
    if (values.email !== undefined) fireEvent.change(field('Email address'), { target: { value: values.email } });
    if (values.message !== undefined) fireEvent.change(field('Message'), { target: { value: values.message } });
  };
  const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
  return { field, fill, send };
}

const valid = { name: 'Ada Lovelace', email: ' ada@example.com ', message: 'Your code SAVE10 has expired.' };

describe('contact page form', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the tenant contact details beside the form', () => {
    mount();
    const aside = screen.getByRole('complementary', { name: 'Other ways to reach us' });
    expect(aside.querySelector('a[href="mailto:hello@test.example"]')?.textContent).toBe('hello@test.example');
    expect(screen.getByText('1 Test Street')).toBeVisible();
  });

  it('an empty submit marks every field, focuses the first and sends nothing', () => {
    const { field, send } = mount();
    send();
    expect(screen.getByText('Please enter your name.')).toBeVisible();
    expect(screen.getByText('Please enter your email address.')).toBeVisible();
    expect(screen.getByText('Please write your message.')).toBeVisible();
    expect(field('Your name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Message')).toHaveAccessibleDescription(/Please write your message\./);
    expect(document.activeElement).toBe(field('Your name'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a malformed email gets the SPEC §5 message and the focus', () => {
    const { field, fill, send } = mount();
    fill({ ...valid, email: 'ada@example' });
    send();
    expect(screen.getByText('Please provide a valid email address.')).toBeVisible();
    expect(document.activeElement).toBe(field('Email address'));
    expect(field('Your name').getAttribute('aria-invalid')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fixing a flagged field clears its message as you type', () => {
    const { field, fill, send } = mount();
    send();
    fill({ name: 'Ada' });
    expect(screen.queryByText('Please enter your name.')).toBeNull();
    expect(field('Your name').getAttribute('aria-invalid')).toBeNull();
  });

  it('posts the trimmed fields with the domain-name header and shows the server message', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, message: 'Thanks, we got it.' }));
    const { field, fill, send } = mount();
    fill(valid);
    send();
    expect(await screen.findByText('Thanks, we got it.')).toBeVisible();
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(new URL(String(input), 'http://test.localhost').pathname).toBe(SEND);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'Your code SAVE10 has expired.',
    });
    expect((init?.headers as Record<string, string>)['domain-name']).toBe(window.location.hostname);
    expect(field('Your name').value).toBe('');
  });

  it.each([
    ['a 5xx answer', () => json(500, { success: false, message: 'Internal Server Error' })],
    ['no answer at all', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('%s shows "Unable to send information" and keeps what was typed', async (_, answer) => {
    fetchMock.mockImplementation(answer as () => Promise<Response>);
    const { field, fill, send } = mount();
    fill(valid);
    send();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Unable to send information'));
    expect(field('Message').value).toBe(valid.message);
  });

  it.each([
    ['a 400 answer', 400],
    ['a 200 answer with success:false', 200],
  ])('%s shows the server errorMessage', async (_, status) => {
    fetchMock.mockResolvedValue(
      json(status, { success: false, message: 'Unable to send information', errorMessage: 'Mailbox is full.' }),
    );
    const { fill, send } = mount();
    fill(valid);
    send();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Mailbox is full.'));
  });

  it('an array message without errorMessage is joined by the SPEC §8 rule', async () => {
    fetchMock.mockResolvedValue(
      json(422, {
        success: false,
        message: [{ errorMessage: 'name is too long' }, { errorMessage: 'message is empty' }],
      }),
    );
    const { fill, send } = mount();
    fill(valid);
    send();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('name is too long, message is empty'));
  });
});
