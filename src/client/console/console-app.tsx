import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import type { AdminMe, AdminTenant, TenantList } from '../../shared/contract/admin';
import { NEW_PASSWORD_MIN_LENGTH, setupTokenOf } from '../../shared/console/accounts';
import AlertsPanel from './alerts-panel';
import { admin } from './admin-client';
import { BLOCKED, call, ConsoleError, session, SIGNED_OUT } from './api';
import CataloguePanel from './catalogue-panel';
import FirstAdminSetup from './first-admin-setup';
import NewTenant from './new-tenant';
import OverviewPanel, { type OverviewTarget } from './overview-panel';
import PreviewPanel from './preview-panel';
import TenantForm from './tenant-form';

// The layout studio (issue 29) is a chunk of its own, loaded when an operator opens it: its drag and drop, code editor
// and diff are not in the console's first load (and, as all of the console, never in the shop's).
const StudioPanel = lazy(() => import('./studio/studio-panel'));
// The Feeds tab (issue 30, admins only) likewise.
const FeedsPanel = lazy(() => import('./feeds/feeds-panel'));
// The Revenue tab (issue 31, every operator) likewise, its chart library (uPlot) with it.
const RevenuePanel = lazy(() => import('./revenue/revenue-panel'));
// The admin-only tools load when opened, keeping the console's entry within the lazy-chunk budget (40 KB gzip).
const ImportPanel = lazy(() => import('./import-panel'));
const AuditList = lazy(() => import('./audit-list'));
const UsersPanel = lazy(() => import('./users-panel'));
const loading = <p className="loading">Loading…</p>;

/** A panel that fails (its chunk did not load, a fault in it) says so; the console around it keeps working. */
class PanelBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="alert" className="error">
        {this.props.name} could not be shown.{' '}
        <button type="button" onClick={() => this.setState({ failed: false })}>
          Try again
        </button>
      </p>
    );
  }
}

// The operators' console (issue 15): sign-in (SPEC §4/§6/§8 login flow), then a tenant switcher and one panel at a
// time. The console is its own entry (admin.html): it shares only framework code and src/shared modules with the shop;
// the layout studio is loaded on demand (below).

type Me = AdminMe;

const PANELS = [
  // The first screen after sign-in (issue 26).
  { id: 'overview', label: 'Overview', admin: false },
  { id: 'domain', label: 'Domain data', admin: true },
  { id: 'catalogue', label: 'Catalogue', admin: false },
  { id: 'import', label: 'CSV import', admin: true },
  { id: 'feeds', label: 'Feeds', admin: true },
  { id: 'revenue', label: 'Revenue', admin: false },
  { id: 'studio', label: 'Layout studio', admin: false },
  { id: 'preview', label: 'Layout preview', admin: false },
  { id: 'alerts', label: 'Alerts', admin: false },
  { id: 'audit', label: 'Audit', admin: true },
  { id: 'users', label: 'Users', admin: true },
] as const;
type PanelId = (typeof PANELS)[number]['id'];

/** The sign-in form's fields and its submit: sign in, or (register mode) create an account. */
function useSignIn(onSignedIn: () => void, notice: string | null) {
  const [mode, setMode] = useState<'signin' | 'register'>('signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(notice);
  const [done, setDone] = useState<string | null>(null);
  const registering = mode === 'register';

  useEffect(() => setError(notice), [notice]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setLoading(true);
    setError(null);
    setDone(null);
    try {
      if (registering) {
        // SPEC §7: POST /system-user/register; a new account has the role `user` (no console) until an admin sets it.
        // The answer is the same for a taken email (issue 24), so its text is the server's, written for both cases.
        const res = await call<{ message?: string }>('/system-user/register', {
          method: 'POST',
          body: { email, password, name },
        });
        setMode('signin');
        setPassword('');
        setDone(res.message || 'Done: sign in with this email and password.');
        return;
      }
      // The console's own sign-in: an HttpOnly session cookie, and the CSRF token for this page's writes.
      const res = await admin('signIn', { body: { email, password } });
      session.start(res.data.csrf);
      onSignedIn();
    } catch (err) {
      setError(err instanceof ConsoleError ? err.message : 'Something went wrong.');
    } finally {
      setLoading(false);
    }
  }

  const switchMode = () => {
    setMode(registering ? 'signin' : 'register');
    setError(null);
    setDone(null);
  };
  return {
    registering,
    email,
    setEmail,
    password,
    setPassword,
    name,
    setName,
    loading,
    error,
    done,
    submit,
    switchMode,
  };
}

function SignIn({ onSignedIn, notice }: { onSignedIn: () => void; notice: string | null }) {
  const { registering, email, password, name, loading, error, done, ...form } = useSignIn(onSignedIn, notice);
  return (
    <main className="signin">
      <h1>Dealdeck console</h1>
      <form onSubmit={form.submit} aria-describedby={error ? 'signin-error' : undefined}>
        <h2>{registering ? 'Create an account' : 'Sign in'}</h2>
        {registering && (
          <label>
            Name
            <input autoComplete="name" maxLength={200} value={name} onChange={(e) => form.setName(e.target.value)} />
          </label>
        )}
        <label>
          Email
          <input
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => form.setEmail(e.target.value)}
          />
        </label>
        <label>
          Password
          <input
            type="password"
            autoComplete={registering ? 'new-password' : 'current-password'}
            required
            minLength={registering ? NEW_PASSWORD_MIN_LENGTH : undefined}
            value={password}
            onChange={(e) => form.setPassword(e.target.value)}
          />
        </label>
        <button type="submit" disabled={loading} aria-busy={loading}>
          {registering ? (loading ? 'Creating…' : 'Create account') : loading ? 'Signing in…' : 'Sign in'}
        </button>
        {error && (
          <p id="signin-error" role="alert" className="error">
            {error}
          </p>
        )}
        {done && (
          <p role="status" className="ok">
            {done}
          </p>
        )}
        <button type="button" className="link" onClick={form.switchMode}>
          {registering ? 'I have an account: sign in' : 'No account? Create one'}
        </button>
      </form>
    </main>
  );
}

/** The tenants the account sees, and the one chosen (kept while it is still in the list). */
function useTenants() {
  const [tenants, setTenants] = useState<TenantList | null>(null);
  const [tenantId, setTenantId] = useState<string>('');
  const loadTenants = useCallback(async () => {
    const list = await admin('listTenants');
    setTenants(list);
    setTenantId((current) => (list.data.some((t) => t._id === current) ? current : (list.data[0]?._id ?? '')));
  }, []);
  return { tenants, tenantId, setTenantId, loadTenants };
}

/** Who is signed in (checked on load), why the sign-in shows (notice), and signing out. */
function useConsoleSession(onIdentified: () => Promise<void>) {
  const [me, setMe] = useState<Me | null>(null);
  const [checking, setChecking] = useState(true);
  const [notice, setNotice] = useState<string | null>(null);

  const identify = useCallback(async () => {
    setChecking(true);
    try {
      // A reload: the cookie still signs the page in, and the server hands this page its CSRF token again.
      if (!session.active()) session.start((await admin('getSession')).data.csrf);
      const res = await admin('me');
      setMe(res.data);
      setNotice(null);
      await onIdentified();
    } catch (err) {
      setMe(null);
      session.clear();
      // A blocked account says why; a page opened signed out (401) just shows the sign-in.
      if (err instanceof ConsoleError && err.status === 403)
        setNotice(err.message === BLOCKED ? BLOCKED : 'Your account has no access to the console.');
    } finally {
      setChecking(false);
    }
  }, [onIdentified]);

  useEffect(() => {
    void identify();
  }, [identify]);

  // Any call that finds the session over (401, or the account blocked) brings back the sign-in with the reason.
  const signedIn = useRef(false);
  signedIn.current = me !== null;
  useEffect(() => {
    const onSignedOut = (e: Event) => {
      if (!signedIn.current) return;
      const message = (e as CustomEvent<string>).detail;
      setMe(null);
      setNotice(message === BLOCKED ? BLOCKED : 'Your session has ended; please sign in again.');
    };
    window.addEventListener(SIGNED_OUT, onSignedOut);
    return () => window.removeEventListener(SIGNED_OUT, onSignedOut);
  }, []);

  /** Ends this session, or with `everywhere` every session of the account (other browsers, API tokens). */
  async function signOut(everywhere = false) {
    try {
      const res = await admin(everywhere ? 'signOutEverywhere' : 'signOut');
      session.clear();
      setMe(null);
      setNotice(everywhere ? (res.message ?? null) : null);
    } catch (err) {
      // SPEC §4: a blocked user's sign-out says 'user does not have access to the portal'.
      session.clear();
      setMe(null);
      if (err instanceof ConsoleError && err.status === 403) setNotice(err.message);
    }
  }
  return { me, checking, notice, identify, signOut };
}

export function ConsoleApp() {
  const { tenants, tenantId, setTenantId, loadTenants } = useTenants();
  const [panel, setPanel] = useState<PanelId>('overview');
  // The catalogue table a figure of the overview opens.
  const [catalogueTable, setCatalogueTable] = useState<OverviewTarget['table']>();
  // Opened from the one-time link a start without an admin prints (issue 25): the setup form instead of the sign-in.
  const [setupToken, setSetupToken] = useState(() => setupTokenOf(location.hash));
  const onIdentified = useCallback(async () => {
    setPanel('overview');
    await loadTenants();
  }, [loadTenants]);
  const { me, checking, notice, identify, signOut } = useConsoleSession(onIdentified);

  if (setupToken) return <FirstAdminSetup token={setupToken} onDone={() => setSetupToken(null)} />;
  if (checking) return <p className="loading">Loading…</p>;
  if (!me) return <SignIn onSignedIn={() => void identify()} notice={notice} />;

  const tenant: AdminTenant | undefined = tenants?.data.find((t) => t._id === tenantId);
  const isAdmin = me.role === 'admin';
  const panels = PANELS.filter((p) => isAdmin || !p.admin);

  return (
    <div className="console">
      <header className="bar">
        <strong>Dealdeck console</strong>
        <div className="switcher">
          <label htmlFor="tenant-switcher">Tenant</label>
          <select id="tenant-switcher" value={tenantId} onChange={(e) => setTenantId(e.target.value)}>
            {tenants?.data.map((t) => (
              <option key={t._id} value={t._id}>
                {t.data.name} ({t.hosts[0] ?? t.key})
              </option>
            ))}
          </select>
        </div>
        <span className="who">
          {me.email} · {me.role}
        </span>
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
        <button type="button" className="link" onClick={() => void signOut(true)}>
          Sign out everywhere
        </button>
      </header>
      <nav aria-label="Console sections">
        <ul role="list">
          {panels.map((p) => (
            <li key={p.id}>
              <button type="button" aria-current={panel === p.id ? 'page' : undefined} onClick={() => setPanel(p.id)}>
                {p.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main>
        <PanelView
          panel={panel}
          me={me}
          tenants={tenants}
          tenant={tenant}
          setTenantId={setTenantId}
          loadTenants={loadTenants}
          catalogueTable={catalogueTable}
          onOpen={(to) => {
            setTenantId(to.tenantId);
            setCatalogueTable(to.table);
            setPanel(to.panel);
          }}
        />
      </main>
    </div>
  );
}

/** The panel chosen, for the tenant chosen (or the first tenant's form when there is none yet). */
function PanelView(props: {
  panel: PanelId;
  me: Me;
  tenants: TenantList | null;
  tenant: AdminTenant | undefined;
  setTenantId: (id: string) => void;
  loadTenants: () => Promise<void>;
  catalogueTable: OverviewTarget['table'];
  onOpen: (to: OverviewTarget) => void;
}) {
  const { panel, me, tenants, tenant, loadTenants, catalogueTable } = props;
  const isAdmin = me.role === 'admin';
  return tenants && tenants.data.length === 0 && isAdmin ? (
    // A database outside demo mode starts with no tenant (issue 25): the first admin creates the first one here.
    <NewTenant homePages={tenants.home_pages} onCreated={() => void loadTenants()} />
  ) : !tenant || !tenants ? (
    <p>No tenant to show.</p>
  ) : panel === 'domain' && isAdmin ? (
    <>
      <TenantForm
        key={tenant._id}
        tenant={tenant}
        homePages={tenants.home_pages}
        resolutions={tenants.resolutions}
        onSaved={loadTenants}
      />
      <NewTenant
        homePages={tenants.home_pages}
        onCreated={(id) => {
          props.setTenantId(id);
          void loadTenants();
        }}
      />
    </>
  ) : panel === 'overview' ? (
    <OverviewPanel tenants={tenants.data} isAdmin={isAdmin} onOpen={props.onOpen} />
  ) : panel === 'catalogue' ? (
    <CataloguePanel
      key={`${tenant._id}-${catalogueTable ?? ''}`}
      tenant={tenant}
      isAdmin={isAdmin}
      initialTable={catalogueTable}
    />
  ) : panel === 'import' && isAdmin ? (
    <Suspense fallback={loading}>
      <ImportPanel />
    </Suspense>
  ) : panel === 'feeds' && isAdmin ? (
    <PanelBoundary name="The Feeds tab">
      <Suspense fallback={<p className="loading">Loading the feeds…</p>}>
        <FeedsPanel tenants={tenants.data} tenantId={tenant._id} />
      </Suspense>
    </PanelBoundary>
  ) : panel === 'revenue' ? (
    <PanelBoundary name="The Revenue tab">
      <Suspense fallback={<p className="loading">Loading the revenue…</p>}>
        <RevenuePanel tenants={tenants.data} isAdmin={isAdmin} />
      </Suspense>
    </PanelBoundary>
  ) : panel === 'studio' ? (
    <PanelBoundary name="The layout studio">
      <Suspense fallback={<p className="loading">Loading the layout studio…</p>}>
        <StudioPanel me={me} tenants={tenants} tenant={tenant} />
      </Suspense>
    </PanelBoundary>
  ) : panel === 'preview' ? (
    <PreviewPanel tenant={tenant} layoutFiles={tenants.layout_files} />
  ) : panel === 'alerts' ? (
    <AlertsPanel isAdmin={isAdmin} />
  ) : panel === 'audit' && isAdmin ? (
    <Suspense fallback={loading}>
      <AuditList />
    </Suspense>
  ) : panel === 'users' && isAdmin ? (
    <Suspense fallback={loading}>
      <UsersPanel tenants={tenants.data} me={me.email} />
    </Suspense>
  ) : null;
}
