import { useState, type FormEvent } from 'react';
import type { AdminTenant, TenantUpdate } from '../../shared/contract/admin';
import { AA, bestInkContrast } from '../../shared/console/contrast';
import { ConsoleError } from './api';
import { admin } from './admin-client';
import { ImageField } from './image-field';

// A tenant's domain data: branding (colour with a WCAG contrast warning, logo and favicon: uploaded or URLs), home_page (only the
// values the layout documents serve), texts, and the header/footer scripts (which run on every page of the site).
type Fields = Required<
  Pick<
    TenantUpdate['data'],
    | 'name'
    | 'logo'
    | 'favicon'
    | 'header_color'
    | 'home_page'
    | 'meta_description'
    | 'affiliate_disclosure'
    | 'time_zone'
    | 'header_js'
    | 'footer_js'
  >
>;

const pick = (t: AdminTenant): Fields => ({
  name: t.data.name,
  logo: t.data.logo ?? '',
  favicon: t.data.favicon ?? '',
  header_color: t.data.header_color ?? '',
  home_page: t.data.home_page,
  meta_description: t.data.meta_description ?? '',
  affiliate_disclosure: t.data.affiliate_disclosure ?? '',
  time_zone: t.data.time_zone || 'UTC',
  header_js: t.data.header_js ?? '',
  footer_js: t.data.footer_js ?? '',
});

/** What the layouts a home_page value resolves to are called, file by file ('—': none). */
type Resolved = AdminTenant['layouts'];
const file = (f: string | null | undefined) => f ?? '—';

/**
 * Issue 26: what a switch of home_page changes, said before Save (the header and footer follow the home page's
 * layouts, which surprised operators when it happened silently).
 */
function switchEffect(from: Resolved, to: Resolved | undefined): string {
  if (!to) return 'Save to see what this value resolves to.';
  const changes = (['home', 'header', 'footer', 'mobileFooter'] as const)
    .filter((k) => from[k] !== to[k])
    .map((k) => `${k === 'mobileFooter' ? 'mobile footer' : k} ${file(from[k])} → ${file(to[k])}`);
  return changes.length
    ? `Saving this switch changes the ${changes.join('; the ')}.`
    : 'Saving this switch keeps the same home page, header and footer.';
}

interface TenantFormProps {
  tenant: AdminTenant;
  homePages: string[];
  onSaved: () => Promise<void>;
  /** What each home_page value resolves to (the tenants list's `resolutions`). */
  resolutions?: Record<string, Resolved>;
}

/** The form's fields, which of them changed, and Save (only the changed ones are sent). */
function useTenantForm(props: TenantFormProps) {
  const { tenant } = props;
  const [fields, setFields] = useState<Fields>(() => pick(tenant));
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (k: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [k]: e.target.value }));

  const initial = pick(tenant);
  const changed = (Object.keys(fields) as (keyof Fields)[]).filter((k) => fields[k] !== initial[k]);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (changed.length === 0) return;
    setSaving(true);
    setStatus(null);
    try {
      const data = Object.fromEntries(changed.map((k) => [k, fields[k]]));
      await admin('updateTenant', { params: { id: tenant._id }, body: { data } });
      setStatus({ kind: 'ok', text: `Saved: ${changed.join(', ')}. The site shows it on the next load.` });
      await props.onSaved();
    } catch (err) {
      setStatus({ kind: 'error', text: err instanceof ConsoleError ? err.message : 'Something went wrong.' });
    } finally {
      setSaving(false);
    }
  }
  return { fields, setFields, set, changed, status, saving, save };
}

type TenantFormState = ReturnType<typeof useTenantForm>;
type Set = TenantFormState['set'];

export default function TenantForm(props: TenantFormProps) {
  const { tenant, homePages } = props;
  const form = useTenantForm(props);
  const { fields, set, status, saving } = form;
  return (
    <form className="panel tenant-form" onSubmit={form.save}>
      <h2>
        {tenant.data.name} <small>{tenant.hosts.join(', ')}</small>
      </h2>
      <BrandingFields tenant={tenant} form={form} />
      <HomePageFields tenant={tenant} homePages={homePages} resolutions={props.resolutions} form={form} />
      <TextFields fields={fields} set={set} />
      <ScriptFields fields={fields} set={set} />
      <div className="actions">
        <button type="submit" disabled={saving || form.changed.length === 0} aria-busy={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        {status && (
          <p role={status.kind === 'error' ? 'alert' : 'status'} className={status.kind === 'error' ? 'error' : 'ok'}>
            {status.text}
          </p>
        )}
      </div>
    </form>
  );
}

function BrandingFields({ tenant, form }: { tenant: AdminTenant; form: TenantFormState }) {
  const { fields, set, setFields } = form;
  const contrast = bestInkContrast(fields.header_color);
  return (
    <fieldset>
      <legend>Branding</legend>
      <label>
        Site name
        <input required maxLength={200} value={fields.name} onChange={set('name')} />
      </label>
      <div className="colour">
        <label>
          Brand colour
          <input
            value={fields.header_color}
            onChange={set('header_color')}
            placeholder="#1f6feb"
            aria-describedby="contrast-note"
          />
        </label>
        <label>
          <span className="sr-only">Pick the brand colour</span>
          <input
            type="color"
            value={/^#[0-9a-f]{6}$/i.test(fields.header_color) ? fields.header_color : '#000000'}
            onChange={set('header_color')}
          />
        </label>
        <p id="contrast-note" className={contrast !== null && contrast < AA ? 'warning' : 'hint'} role="status">
          {contrast === null
            ? 'Contrast is checked for hex colours (#rrggbb).'
            : contrast < AA
              ? `Warning: neither white nor dark header text reaches WCAG AA on this colour (best ${contrast.toFixed(2)}:1, AA needs ${AA}:1).`
              : `Header text contrast ${contrast.toFixed(2)}:1 (WCAG AA ${AA}:1).`}
        </p>
      </div>
      <ImageField
        id={`logo-${tenant._id}`}
        label="Logo"
        purpose="logo"
        value={fields.logo}
        onChange={(url) => setFields((f) => ({ ...f, logo: url }))}
      />
      <ImageField
        id={`favicon-${tenant._id}`}
        label="Favicon"
        purpose="favicon"
        value={fields.favicon}
        onChange={(url) => setFields((f) => ({ ...f, favicon: url }))}
      />
    </fieldset>
  );
}

function HomePageFields(props: {
  tenant: AdminTenant;
  homePages: string[];
  resolutions: Record<string, Resolved> | undefined;
  form: TenantFormState;
}) {
  const { tenant, homePages } = props;
  const { fields, set } = props.form;
  const options =
    homePages.includes(fields.home_page) || !fields.home_page ? homePages : [fields.home_page, ...homePages];
  const next = fields.home_page === tenant.data.home_page ? tenant.layouts : props.resolutions?.[fields.home_page];
  const switching = fields.home_page !== tenant.data.home_page;
  return (
    <fieldset>
      <legend>Home page</legend>
      <label>
        Home page layout (home_page)
        <select
          value={fields.home_page}
          onChange={set('home_page')}
          aria-describedby="home-page-resolves home-page-effect"
        >
          {!fields.home_page && <option value="">(default)</option>}
          {options.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </label>
      <p className="hint" id="home-page-resolves">
        {switching ? 'Will resolve to' : 'Now resolves to'} {file(next?.home)} (header {file(next?.header)}, footer{' '}
        {file(next?.footer)}).
      </p>
      <p className={switching ? 'warning' : 'sr-only'} id="home-page-effect" role="status">
        {switching ? switchEffect(tenant.layouts, next) : ''}
      </p>
      <label>
        Time zone (time_zone)
        <input
          value={fields.time_zone}
          onChange={set('time_zone')}
          maxLength={64}
          aria-describedby="time-zone-hint"
          spellCheck={false}
        />
      </label>
      <p className="hint" id="time-zone-hint">
        IANA name, e.g. Europe/Berlin: layout schedules written without an offset start and end in it.
      </p>
    </fieldset>
  );
}

function TextFields({ fields, set }: { fields: Fields; set: Set }) {
  return (
    <fieldset>
      <legend>Texts</legend>
      <label>
        Meta description
        <textarea rows={2} value={fields.meta_description} onChange={set('meta_description')} maxLength={2000} />
      </label>
      <label>
        Affiliate disclosure (empty: the default text)
        <textarea rows={2} value={fields.affiliate_disclosure} onChange={set('affiliate_disclosure')} maxLength={500} />
      </label>
    </fieldset>
  );
}

function ScriptFields({ fields, set }: { fields: Fields; set: Set }) {
  return (
    <fieldset>
      <legend>Scripts</legend>
      <p className="warning" id="scripts-warning">
        These scripts run on every page of this site, for every shopper. Paste only code you trust.
      </p>
      <label>
        Header script (header_js)
        <textarea
          rows={4}
          className="code"
          value={fields.header_js}
          onChange={set('header_js')}
          aria-describedby="scripts-warning"
        />
      </label>
      <label>
        Footer script (footer_js)
        <textarea
          rows={4}
          className="code"
          value={fields.footer_js}
          onChange={set('footer_js')}
          aria-describedby="scripts-warning"
        />
      </label>
    </fieldset>
  );
}
