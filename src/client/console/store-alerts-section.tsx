import { useCallback, useEffect, useRef, useState } from 'react';
import type { PendingStoreAlerts } from '../../shared/contract/store-alerts';
import { ConsoleError } from './api';
import { admin } from './admin-client';

// Issue 26: the store alerts due and "Send pending store alerts now" (admin; what `npm run alerts -- --now` does).
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function pendingText(p: PendingStoreAlerts): string {
  if (p.alerts === 0) return 'No store alerts are pending.';
  const waiting =
    p.mailed_today > 0
      ? ` ${plural(p.mailed_today, 'address has', 'addresses have')} had today's alert: the schedule mails ` +
        `${p.mailed_today === 1 ? 'it' : 'them'} tomorrow.`
      : '';
  return (
    `${plural(p.alerts, 'coupon alert', 'coupon alerts')} pending for ` +
    `${plural(p.addresses, 'address', 'addresses')}.${waiting}`
  );
}

const message = (err: unknown) => (err instanceof ConsoleError ? err.message : String(err));

export default function StoreAlertsSection() {
  const [pending, setPending] = useState<PendingStoreAlerts | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  // An answer for an unmounted section is dropped.
  const mounted = useRef(true);

  const load = useCallback(async () => {
    setError(null);
    try {
      const res = await admin('pendingStoreAlerts');
      if (mounted.current) setPending(res.data);
    } catch (err) {
      if (mounted.current) setError(`The pending store alerts could not be counted: ${message(err)}`);
    }
  }, []);
  useEffect(() => {
    mounted.current = true;
    void load();
    return () => {
      mounted.current = false;
    };
  }, [load]);

  const send = async () => {
    setSending(true);
    setError(null);
    setResult(null);
    try {
      const res = await admin('sendStoreAlerts');
      if (!mounted.current) return;
      const { mails, alerts } = res.data;
      setResult(
        mails === 0
          ? 'Nothing was pending: no mail was sent.'
          : `Queued ${plural(mails, 'mail', 'mails')} about ${plural(alerts, 'coupon alert', 'coupon alerts')}.`,
      );
      setPending(res.data.pending);
    } catch (err) {
      if (mounted.current) setError(`The store alerts were not sent: ${message(err)}`);
    } finally {
      if (mounted.current) setSending(false);
    }
  };

  return (
    <section className="panel store-alerts" aria-labelledby="store-alerts-title">
      <div className="table-head">
        <h2 id="store-alerts-title">Store alerts</h2>
        <button type="button" onClick={() => void load()} disabled={sending}>
          Refresh count
        </button>
      </div>
      <p className="hint">
        Each confirmed follower of a store is mailed once about each of its coupons that shoppers can now see (new,
        imported, resumed, or its start date reached). The schedule sends every 5 minutes, at most one mail a day per
        address; sending now also mails the addresses that had today's.
      </p>
      <p role="status">{pending ? pendingText(pending) : error ? null : 'Counting pending store alerts…'}</p>
      <div className="actions">
        <button type="button" className="primary" onClick={() => void send()} disabled={sending} aria-busy={sending}>
          {sending ? 'Sending…' : 'Send pending store alerts now'}
        </button>
        {result && (
          <span role="status" className="ok">
            {result}
          </span>
        )}
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}
