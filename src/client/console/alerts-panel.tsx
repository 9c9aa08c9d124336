import type { SignalAlert, SignalAlertKind } from '../../shared/contract/signal-alerts';
import { admin } from './admin-client';
import StoreAlertsSection from './store-alerts-section';
import { useLoad } from './use-load';

// Issue 24, "bursts are seen": the forged-looking bursts the server recorded, last seen first (admin: all; editor: their
// tenants'). Times are UTC because an alert is one per coupon or arm per UTC day. An admin also sees the store alerts
// due to followers, and sends them now (issue 26, store-alerts-section.tsx).
const KIND: Record<SignalAlertKind, string> = {
  vote_burst: 'Vote burst',
  exposure_burst: 'Exposure burst',
  outcome_burst: 'Outcome burst',
};
/** Networks listed in the row; the rest behind a disclosure. */
const SHOWN_NETWORKS = 5;
const UTC = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

const When = ({ iso }: { iso: string }) => <time dateTime={iso}>{UTC.format(new Date(iso))}</time>;

// Each cell holds one element: at phone width a cell is a two-column grid (its label, then its content).
function Target({ a }: { a: SignalAlert }) {
  return (
    <div>
      {a.coupon_id !== null && (
        <p>
          <strong>{a.coupon_title ?? `Deleted coupon ${a.coupon_id}`}</strong>
          {a.store_name !== null && <> · {a.store_name}</>}
          {a.coupon_code !== null && (
            <>
              {' '}
              · code <code>{a.coupon_code}</code>
            </>
          )}
        </p>
      )}
      {a.experiment_id !== null && (
        <p>
          Experiment <code>{a.experiment_id}</code>
          {a.variant !== null && (
            <>
              , arm <code>{a.variant}</code>
            </>
          )}
        </p>
      )}
    </div>
  );
}

const NetworkList = ({ networks }: { networks: SignalAlert['networks'] }) => (
  <ul className="networks">
    {networks.map((n) => (
      <li key={n.network}>
        <code>{n.network}</code>: {n.count}
      </li>
    ))}
  </ul>
);

function Networks({ networks }: { networks: SignalAlert['networks'] }) {
  const rest = networks.slice(SHOWN_NETWORKS);
  return (
    <div>
      <NetworkList networks={networks.slice(0, SHOWN_NETWORKS)} />
      {rest.length > 0 && (
        <details>
          <summary>{rest.length} more</summary>
          <NetworkList networks={rest} />
        </details>
      )}
    </div>
  );
}

function AlertRow({ a }: { a: SignalAlert }) {
  return (
    <tr>
      <td data-label="Kind">{KIND[a.kind]}</td>
      <td data-label="Coupon or arm" className="target">
        <Target a={a} />
      </td>
      <td data-label="Tenant">
        <div>
          {a.tenants.length === 0
            ? 'Not tenant-specific'
            : a.tenants.map((t) => (
                <p key={t._id}>
                  {t.name} {t.host !== null && <small>({t.host})</small>}
                </p>
              ))}
        </div>
      </td>
      <td data-label="Networks">
        <Networks networks={a.networks} />
      </td>
      <td data-label="Total" className="number">
        {a.total}
      </td>
      <td data-label="First seen">
        <When iso={a.first_seen} />
      </td>
      <td data-label="Last seen">
        <When iso={a.last_seen} />
      </td>
    </tr>
  );
}

const readAlerts = async () => (await admin('listSignalAlerts')).data;

/** `isAdmin`: the store alerts and their "send now" come first (admin only, issue 26). */
export default function AlertsPanel({ isAdmin = false }: { isAdmin?: boolean }) {
  const { data: alerts, loading, error, load } = useLoad(readAlerts);

  return (
    <>
      {isAdmin && <StoreAlertsSection />}
      <section className="panel alerts" aria-labelledby="alerts-title">
        <div className="table-head">
          <h2 id="alerts-title">Alerts {alerts && <small>({alerts.length})</small>}</h2>
          <button type="button" onClick={() => void load()} disabled={loading} aria-busy={loading}>
            {loading && alerts ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
        <p className="hint">
          Bursts of votes on one coupon, or of exposures or outcomes on one experiment arm, from one network (an IPv4
          /24 or IPv6 /64). One alert per coupon or arm per UTC day; each network shows the most requests it sent in one
          burst window. Times are in UTC.
        </p>
        {error && (
          <p role="alert" className="error">
            The alerts could not be loaded: {error}{' '}
            <button type="button" onClick={() => void load()}>
              Try again
            </button>
          </p>
        )}
        {loading && !alerts && <p role="status">Loading alerts…</p>}
        {alerts?.length === 0 && <p className="empty">No bursts seen.</p>}
        {alerts && alerts.length > 0 && (
          <div className="scroll">
            <table>
              <caption className="sr-only">Bursts seen, most recently seen first</caption>
              <thead>
                <tr>
                  <th scope="col">Kind</th>
                  <th scope="col">Coupon or arm</th>
                  <th scope="col">Tenant</th>
                  <th scope="col">Networks (requests)</th>
                  <th scope="col">Total</th>
                  <th scope="col">First seen (UTC)</th>
                  <th scope="col">Last seen (UTC)</th>
                </tr>
              </thead>
              <tbody>
                {alerts.map((a) => (
                  <AlertRow key={a.id} a={a} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
