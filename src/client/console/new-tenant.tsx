import { useState, type FormEvent } from 'react';
import { call, ConsoleError } from './api';

// A new tenant: its key, its first host and name, and the home_page its layouts follow (admin).
export default function NewTenant({ homePages, onCreated }: { homePages: string[]; onCreated: (id: string) => void }) {
  const [key, setKey] = useState('');
  const [host, setHost] = useState('');
  const [name, setName] = useState('');
  const [homePage, setHomePage] = useState(homePages[0] ?? '');
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  async function create(e: FormEvent) {
    e.preventDefault();
    setStatus(null);
    try {
      const res = await call<{ data: { _id: string } }>('/api/admin/tenants', {
        method: 'POST',
        body: { key, hosts: [host.trim().toLowerCase()], data: { name, home_page: homePage } },
      });
      setStatus({ kind: 'ok', text: `Created ${name}.` });
      setKey('');
      setHost('');
      setName('');
      onCreated(res.data._id);
    } catch (err) {
      setStatus({ kind: 'error', text: err instanceof ConsoleError ? err.message : String(err) });
    }
  }

  return (
    <form className="add" onSubmit={create} aria-labelledby="new-tenant-title">
      <strong id="new-tenant-title">New tenant</strong>
      <label>
        Key
        <input required pattern="[a-z0-9][a-z0-9._\\-]*" value={key} onChange={(e) => setKey(e.target.value)} />
      </label>
      <label>
        Host
        <input required placeholder="six.localhost" value={host} onChange={(e) => setHost(e.target.value)} />
      </label>
      <label>
        Site name
        <input required value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        home_page
        <select value={homePage} onChange={(e) => setHomePage(e.target.value)}>
          {homePages.map((v) => (
            <option key={v}>{v}</option>
          ))}
        </select>
      </label>
      <button type="submit">Create</button>
      {status && (
        <p role={status.kind === 'error' ? 'alert' : 'status'} className={status.kind === 'error' ? 'error' : 'ok'}>
          {status.text}
        </p>
      )}
    </form>
  );
}
