import { useId, useState, type FormEvent } from 'react';
import { followStore } from '../../api/store-follow';
import { showToast } from '../../lib/toast';
import { isValidEmail } from '../../../shared/rules/email';
import { extractErrorMessage } from '../../../shared/rules/error-message';

/** "Follow this store": an email for alerts about the store's new coupons (double opt-in, at most a mail a day). */
export function FollowStore({ storeId, storeName }: { storeId: string; storeName: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      showToast('error', 'Please provide a valid email address.', `${id}-invalid`);
      return;
    }
    setBusy(true);
    try {
      const answer = await followStore({ email_id: address, store_id: storeId });
      showToast('success', answer.message || 'Please check your inbox.');
      setEmail('');
      setOpen(false);
    } catch (error) {
      showToast('error', extractErrorMessage(error, 'not loaded.'));
    } finally {
      setBusy(false);
    }
  };

  if (!open)
    return (
      <button type="button" className="btn btn-secondary store-follow-open" onClick={() => setOpen(true)}>
        Follow this store
      </button>
    );
  return (
    <form className="store-follow" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={`${id}-email`}>Email me new {storeName} coupons (at most one mail a day)</label>
      <div className="store-follow-row">
        <input
          id={`${id}-email`}
          type="email"
          required
          autoComplete="email"
          placeholder="Enter your email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Follow this store
        </button>
      </div>
    </form>
  );
}
