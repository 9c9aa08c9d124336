import type { AdminTenant } from '../../shared/contract/admin';
import type { OverviewAnswer, OverviewFigures, OverviewTenant } from '../../shared/contract/overview';
import { admin } from './admin-client';
import { useLoad } from './use-load';
import { OVERVIEW_STYLES } from './overview-panel-styles';

// Issue 26, the console's first screen: per tenant, today and the last 7 days in the tenant's own time zone, each figure
// a button to where it is handled (a console tab, its table), the coupons most reported not working below. Sized from
// the tenant list the console already holds, so the figures arriving move nothing.

/** Where a figure is handled: a console panel, for one tenant, and for the catalogue which of its tables. */
export interface OverviewTarget {
  panel: 'catalogue' | 'alerts' | 'domain';
  tenantId: string;
  table?: 'coupons' | 'stores';
}

interface Figure {
  key: 'reveals' | 'click_outs' | 'new_subscribers' | 'reported_codes' | 'alerts';
  label: string;
  /** Where it is handled, in words (the button's name ends with it) and as a target. */
  where: string;
  target: Omit<OverviewTarget, 'tenantId'>;
  /** Only admins reach it (the Domain data tab). */
  admin?: boolean;
  /** What else the 7-day cell says. */
  detail?: (f: OverviewFigures) => string | null;
}

const FIGURES: readonly Figure[] = [
  { key: 'reveals', label: 'Reveals', where: 'Catalogue, Coupons', target: { panel: 'catalogue', table: 'coupons' } },
  {
    key: 'click_outs',
    label: 'Click-outs',
    where: 'Catalogue, Stores',
    target: { panel: 'catalogue', table: 'stores' },
  },
  {
    key: 'new_subscribers',
    label: 'New subscribers',
    where: 'Domain data',
    target: { panel: 'domain' },
    admin: true,
  },
  {
    key: 'reported_codes',
    label: 'Codes reported not working',
    where: 'Catalogue, Coupons',
    target: { panel: 'catalogue', table: 'coupons' },
    detail: (f) =>
      f.not_working_votes === 0
        ? null
        : `${f.not_working_votes} ${f.not_working_votes === 1 ? 'vote' : 'votes'}, ${f.not_working_counted} counted`,
  },
  { key: 'alerts', label: 'Signal alerts', where: 'Alerts', target: { panel: 'alerts' } },
];

const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
/** A coupon title as text: titles may hold markup ("<b>60%</b> off"); a parsed document runs nothing and loads nothing. */
const textOf = (html: string): string =>
  /[<&]/.test(html) ? (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? html) : html;
/** A tenant's local date (YYYY-MM-DD) in words: "Sat 28 Nov". */
const dayText = (date: string) => DAY.format(new Date(`${date}T12:00:00Z`));

function FigureCell({
  figure,
  tenant,
  isAdmin,
  onOpen,
}: {
  figure: Figure;
  tenant: OverviewTenant;
  isAdmin: boolean;
  onOpen: (target: OverviewTarget) => void;
}) {
  const today = tenant.today[figure.key];
  const week = tenant.last_7_days[figure.key];
  const detail = figure.detail?.(tenant.last_7_days) ?? null;
  const content = (
    <>
      <span className="overview-today">
        <strong>{today}</strong> today
      </span>
      <span className="overview-week">
        {week} in 7 days{detail && <> ({detail})</>}
      </span>
    </>
  );
  // The tab an editor cannot open: the figure alone.
  if (figure.admin && !isAdmin) return <div className="overview-figure">{content}</div>;
  // Named by its figures; described by its column, its tenant and where it leads (the names of the console's tabs stay
  // those of the tab bar's buttons alone).
  return (
    <button
      type="button"
      className={`overview-figure${today > 0 && (figure.key === 'reported_codes' || figure.key === 'alerts') ? ' overview-attention' : ''}`}
      aria-describedby={`overview-col-${figure.key} overview-row-${tenant._id} overview-to-${figure.key}`}
      onClick={() => onOpen({ ...figure.target, tenantId: tenant._id })}
    >
      {content}
    </button>
  );
}

function TenantHeader({ tenant }: { tenant: OverviewTenant }) {
  return (
    <th scope="row" data-label="Tenant">
      <span className="overview-tenant">
        <span className="overview-name" id={`overview-row-${tenant._id}`}>
          {tenant.name}
        </span>
        {tenant.host !== null && <small>{tenant.host}</small>}
        <small>
          Today: <time dateTime={tenant.date}>{dayText(tenant.date)}</time> ({tenant.time_zone})
        </small>
      </span>
    </th>
  );
}

function Reported({ tenants, onOpen }: { tenants: OverviewTenant[]; onOpen: (target: OverviewTarget) => void }) {
  const listed = tenants.filter((t) => t.reported.length > 0);
  if (listed.length === 0) return null;
  return (
    <section className="overview-reported" aria-labelledby="overview-reported-title">
      <h3 id="overview-reported-title">Most reported not working, last 7 days</h3>
      {listed.map((t) => (
        <div key={t._id} className="overview-reported-tenant">
          <h4 id={`reported-${t._id}`}>{t.name}</h4>
          <ul aria-labelledby={`reported-${t._id}`}>
            {t.reported.map((r) => (
              <li key={r.coupon_id}>
                <span id={`reported-${t._id}-${r.coupon_id}`}>
                  <strong>{textOf(r.title)}</strong> · {r.store_name}
                  {r.code !== null && (
                    <>
                      {' '}
                      · code <code>{r.code}</code>
                    </>
                  )}
                </span>
                <span className="overview-votes">
                  {r.not_working_votes} {r.not_working_votes === 1 ? 'vote' : 'votes'}
                  {r.is_paused && ' · paused'}
                </span>
                <button
                  type="button"
                  onClick={() => onOpen({ panel: 'catalogue', table: 'coupons', tenantId: t._id })}
                  aria-describedby={`reported-${t._id}-${r.coupon_id} reported-${t._id}`}
                >
                  Open coupons
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** The overview's figures, loaded once and on Refresh. */
const readOverview = async () => (await admin('overview')).data;

export default function OverviewPanel({
  tenants,
  isAdmin,
  onOpen,
}: {
  /** The tenants the console lists (the operator's): the skeleton has their rows before the figures come. */
  tenants: readonly AdminTenant[];
  isAdmin: boolean;
  onOpen: (target: OverviewTarget) => void;
}) {
  const { data: answer, loading, error, load } = useLoad(readOverview);
  const rows = answer?.tenants ?? null;
  const quiet = rows !== null && rows.every((t) => FIGURES.every((f) => t.last_7_days[f.key] === 0)) && rows.length > 0;
  return (
    <section className="panel overview" aria-labelledby="overview-title">
      <style>{OVERVIEW_STYLES}</style>
      <div className="table-head">
        <h2 id="overview-title">How the day is going</h2>
        <button type="button" onClick={() => void load()} disabled={loading} aria-busy={loading}>
          {loading && answer ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <Intro answer={answer} />
      {error && (
        <p role="alert" className="error">
          The overview could not be loaded: {error}{' '}
          <button type="button" onClick={() => void load()}>
            Try again
          </button>
        </p>
      )}
      {FIGURES.map((f) => (
        <span key={f.key} id={`overview-to-${f.key}`} hidden>
          Opens {f.where}.
        </span>
      ))}
      <p role="status" className="sr-only">
        {loading && !answer ? 'Loading the overview…' : ''}
      </p>
      {rows?.length === 0 ? (
        <p className="empty">No tenant is granted to you yet: an admin can grant you one in Users.</p>
      ) : (
        (rows !== null || (!error && tenants.length > 0)) && (
          <FiguresTable rows={rows} tenants={tenants} busy={loading && !answer} isAdmin={isAdmin} onOpen={onOpen} />
        )
      )}
      {quiet && (
        <p className="empty">
          Nothing yet this week: figures appear as shoppers reveal codes, leave for stores, sign up and vote.
        </p>
      )}
      {rows && <Reported tenants={rows} onOpen={onOpen} />}
    </section>
  );
}

function Intro({ answer }: { answer: OverviewAnswer['data'] | null }) {
  return (
    <p className="hint">
      Per tenant, today and the last 7 days (today and the six days before), each in the tenant’s own time zone. Reveals
      and click-outs count a shopper’s browser once per coupon a day; “not working” counts every “No” vote, and how many
      of them pass the vote checks. Choose a figure to open where it is handled.
      {answer && (
        <>
          {' '}
          Updated <time dateTime={answer.generated_at}>{TIME.format(new Date(answer.generated_at))}</time>.
        </>
      )}
    </p>
  );
}

/** The figures by tenant; before they come, a skeleton row per tenant the console lists. */
function FiguresTable(props: {
  rows: OverviewTenant[] | null;
  tenants: readonly AdminTenant[];
  busy: boolean;
  isAdmin: boolean;
  onOpen: (target: OverviewTarget) => void;
}) {
  const { rows } = props;
  return (
    <div className="scroll">
      <table className="overview-table" aria-busy={props.busy}>
        <caption className="sr-only">Today and the last 7 days, by tenant</caption>
        <thead>
          <tr>
            <th scope="col">Tenant</th>
            {FIGURES.map((f) => (
              <th key={f.key} scope="col" id={`overview-col-${f.key}`}>
                {f.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows
            ? rows.map((t) => (
                <tr key={t._id}>
                  <TenantHeader tenant={t} />
                  {FIGURES.map((f) => (
                    <td key={f.key} data-label={f.label}>
                      <FigureCell figure={f} tenant={t} isAdmin={props.isAdmin} onOpen={props.onOpen} />
                    </td>
                  ))}
                </tr>
              ))
            : props.tenants.map((t) => <SkeletonRow key={t._id} tenant={t} />)}
        </tbody>
      </table>
    </div>
  );
}

function SkeletonRow({ tenant: t }: { tenant: AdminTenant }) {
  return (
    <tr aria-hidden="true">
      <th scope="row" data-label="Tenant">
        <span className="overview-tenant">
          <span className="overview-name">{t.data.name}</span>
          <small>{t.hosts[0] ?? t.key}</small>
          <small className="skeleton-line" />
        </span>
      </th>
      {FIGURES.map((f) => (
        <td key={f.key} data-label={f.label}>
          <span className="overview-figure overview-skeleton" />
        </td>
      ))}
    </tr>
  );
}
