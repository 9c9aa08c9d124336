import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import FirstAdminSetup from '../../../src/client/console/first-admin-setup';
import { setupTokenOf } from '../../../src/shared/console/accounts';
import { PASSWORD_MIN_LENGTH } from '../../../src/shared/rules/password';

// Issue 25: the console's form behind the one-time setup link: what the operator fills in, what is sent, and what they
// read when it worked or did not.
const TOKEN = 'Abc_def-0123456789ABCDEFGHIJKLMNOPQRSTUVWXY';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fill(email: string, password: string, again = password) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Password again'), { target: { value: again } });
  fireEvent.click(screen.getByRole('button', { name: 'Create the admin account' }));
}

describe('the first admin setup form', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    history.replaceState(null, '', `/admin#setup=${TOKEN}`);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reads the token from #setup= only', () => {
    expect(setupTokenOf(`#setup=${TOKEN}`)).toBe(TOKEN);
    expect(setupTokenOf('')).toBeNull();
    expect(setupTokenOf('#setup=short')).toBeNull();
    expect(setupTokenOf('#setup=<script>alert(1)</script>aaaaaaaaaaaaaaaa')).toBeNull();
    expect(setupTokenOf(`#other=${TOKEN}`)).toBeNull();
  });

  it('sends the token, email and password, drops the token from the address and leads to sign-in', async () => {
    fetchMock.mockResolvedValue(json(201, { success: true, data: { email: 'owner@example.com', role: 'admin' } }));
    const onDone = vi.fn();
    render(<FirstAdminSetup token={TOKEN} onDone={onDone} />);
    expect(screen.getByRole('heading', { name: 'Set up the first admin' })).toBeInTheDocument();
    // The field asks for what the server's rule requires (the console keeps its own copy of the number).
    expect(screen.getByLabelText('Password')).toHaveAttribute('minLength', String(PASSWORD_MIN_LENGTH));
    fill('owner@example.com', 'my own long secret');
    expect(await screen.findByRole('status')).toHaveTextContent('The admin account owner@example.com is ready.');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/setup');
    expect(JSON.parse(init!.body as string)).toEqual({
      token: TOKEN,
      email: 'owner@example.com',
      password: 'my own long secret',
    });
    expect(location.hash).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Go to sign-in' }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it("shows the server's reason when the link does not work, and keeps the form", async () => {
    const message = 'This setup link does not work: it was used, has expired or was never issued.';
    fetchMock.mockResolvedValue(json(403, { success: false, message }));
    render(<FirstAdminSetup token={TOKEN} onDone={() => undefined} />);
    fill('owner@example.com', 'my own long secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Create the admin account' })).toBeEnabled();
    expect(location.hash).toBe(`#setup=${TOKEN}`);
  });

  it('sends nothing when the two passwords differ', () => {
    render(<FirstAdminSetup token={TOKEN} onDone={() => undefined} />);
    fill('owner@example.com', 'my own long secret', 'my own long secreT');
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords differ.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
