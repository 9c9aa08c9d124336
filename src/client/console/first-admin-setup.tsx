import { useState, type FormEvent } from 'react';
import { NEW_PASSWORD_MIN_LENGTH } from '../../shared/console/accounts';
import { ConsoleError } from './api';
import { admin } from './admin-client';

// Issue 25: the first admin of a database that has none, from the one-time link the server printed at start
// (/admin#setup=<token>): the operator picks its email and their own password, then signs in as anyone does.

/** The form's fields and its submit (the two passwords must match). */
function useFirstAdminSetup(token: string) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password !== repeated) return setError('The two passwords differ.');
    setLoading(true);
    setError(null);
    try {
      await admin('setupFirstAdmin', { body: { token, email, password } });
      // The link is spent: out of the address bar and this history entry.
      history.replaceState(history.state, '', location.pathname + location.search);
      setCreated(email);
    } catch (err) {
      setError(err instanceof ConsoleError ? err.message : 'Something went wrong.');
    } finally {
      setLoading(false);
    }
  }

  return { email, setEmail, password, setPassword, repeated, setRepeated, loading, error, created, submit };
}

function Created({ email, onDone }: { email: string; onDone: () => void }) {
  return (
    <main className="signin">
      <h1>Dealdeck console</h1>
      <p role="status" className="ok">
        The admin account {email} is ready. Sign in with it.
      </p>
      <button type="button" onClick={onDone}>
        Go to sign-in
      </button>
    </main>
  );
}

export default function FirstAdminSetup({ token, onDone }: { token: string; onDone: () => void }) {
  const { email, setEmail, password, setPassword, repeated, setRepeated, loading, error, created, submit } =
    useFirstAdminSetup(token);
  if (created) return <Created email={created} onDone={onDone} />;

  return (
    <main className="signin">
      <h1>Dealdeck console</h1>
      <form onSubmit={submit} aria-describedby={error ? 'setup-error' : undefined}>
        <h2>Set up the first admin</h2>
        <p className="hint">
          This one-time link makes the first admin account. Choose its email and a password of at least{' '}
          {NEW_PASSWORD_MIN_LENGTH} characters that is not a common one.
        </p>
        <label>
          Email
          <input
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label>
          Password
          <input
            type="password"
            autoComplete="new-password"
            required
            minLength={NEW_PASSWORD_MIN_LENGTH}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <label>
          Password again
          <input
            type="password"
            autoComplete="new-password"
            required
            value={repeated}
            onChange={(e) => setRepeated(e.target.value)}
          />
        </label>
        <button type="submit" disabled={loading} aria-busy={loading}>
          {loading ? 'Creating…' : 'Create the admin account'}
        </button>
        {error && (
          <p id="setup-error" role="alert" className="error">
            {error}
          </p>
        )}
      </form>
    </main>
  );
}
