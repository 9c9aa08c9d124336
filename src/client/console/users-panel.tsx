import { useCallback, useEffect, useState } from 'react';
import { ROLES, type AdminTenant, type AdminUser, type Role } from '../../shared/contract/admin';
import { ConsoleError } from './api';
import { admin } from './admin-client';

// System users (admin): role, blocked, and the tenants an editor is granted. Each change is saved at once.

type Update = (u: AdminUser, body: Partial<Pick<AdminUser, 'role' | 'is_blocked' | 'tenants'>>) => Promise<void>;

/** The users, read on open and again after each change. */
function useUsers() {
  const [users, setUsers] = useState<AdminUser[]>([]);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const load = useCallback(async () => {
    try {
      setUsers((await admin('listUsers')).data);
    } catch (err) {
      setMessage({ kind: 'error', text: err instanceof ConsoleError ? err.message : String(err) });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const update: Update = async (u, body) => {
    // Shown at once; the list is read again after the save (or its refusal).
    setUsers((list) => list.map((x) => (x._id === u._id ? { ...x, ...body } : x)));
    try {
      await admin('updateUser', { params: { email: u.email }, body });
      setMessage({ kind: 'ok', text: `Saved ${u.email}.` });
      await load();
    } catch (err) {
      setMessage({ kind: 'error', text: err instanceof ConsoleError ? err.message : String(err) });
      await load();
    }
  };
  return { users, message, update };
}

export default function UsersPanel({ tenants, me }: { tenants: AdminTenant[]; me: string }) {
  const { users, message, update } = useUsers();
  return (
    <section className="panel" aria-labelledby="users-title">
      <h2 id="users-title">
        Users <small>({users.length})</small>
      </h2>
      <p className="hint">
        Admins do everything; editors edit the stores, coupons and banners of the tenants ticked here; users have no
        console. Blocking ends a user&apos;s sessions.
      </p>
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'error' : 'ok'}>
          {message.text}
        </p>
      )}
      <div className="scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Blocked</th>
              <th scope="col">Editor of</th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <UserRow key={u._id} u={u} tenants={tenants} me={me} update={update} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function UserRow({ u, tenants, me, update }: { u: AdminUser; tenants: AdminTenant[]; me: string; update: Update }) {
  return (
    <tr>
      <td data-label="Email">{u.email}</td>
      <td data-label="Role">
        <select
          aria-label={`Role of ${u.email}`}
          value={u.role}
          disabled={u.email === me}
          onChange={(e) => void update(u, { role: e.target.value as Role })}
        >
          {ROLES.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </td>
      <td data-label="Blocked">
        <input
          type="checkbox"
          aria-label={`${u.email} is blocked`}
          checked={u.is_blocked}
          disabled={u.email === me}
          onChange={(e) => void update(u, { is_blocked: e.target.checked })}
        />
      </td>
      <td data-label="Editor of">{u.role === 'editor' ? <Grants u={u} tenants={tenants} update={update} /> : '—'}</td>
    </tr>
  );
}

/** The tenants an editor is granted, a checkbox each. */
function Grants({ u, tenants, update }: { u: AdminUser; tenants: AdminTenant[]; update: Update }) {
  return (
    <fieldset className="grants">
      <legend className="sr-only">Tenants {u.email} edits</legend>
      {tenants.map((t) => (
        <label key={t._id} className="inline">
          <input
            type="checkbox"
            checked={u.tenants.includes(t._id)}
            onChange={(e) =>
              void update(u, {
                tenants: e.target.checked ? [...u.tenants, t._id] : u.tenants.filter((id) => id !== t._id),
              })
            }
          />
          {t.hosts[0] ?? t.key}
        </label>
      ))}
    </fieldset>
  );
}
