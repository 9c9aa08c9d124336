import { useEffect, useState } from 'react';
import {
  BannerCreate,
  BannerUpdate,
  CouponCreate,
  CouponUpdate,
  StoreCreate,
  StoreUpdate,
  type AdminTenant,
} from '../../shared/contract/admin';
import { BANNER_DIMENSIONS, BANNER_KINDS, REDIRECTION_TYPES, type BannerKind } from '../../shared/contract/values';
import { zoneOf } from '../../shared/console/zoned-date';
import { admin } from './admin-client';
import type { CatalogueRow } from './catalogue-specs';
import { bodyOf, initialValues, SchemaForm, type FieldSpec, type FormBody, type FormValues } from './schema-form';

// Issue 26: the catalogue's add and edit forms, each generated from the contract's admin shapes by the form renderer
// (schema-form.tsx): a store with every field, a coupon with every field (code or deal, start and end in the tenant's
// time zone, exclusive, category, store), a banner with its kind and size chosen at creation.

export type FormKind = 'stores' | 'coupons' | 'banners';

interface Schemas {
  create: { properties: Record<string, object>; required?: readonly string[] };
  update: { properties: Record<string, object>; required?: readonly string[] };
}
const SCHEMAS: Record<FormKind, Schemas> = {
  stores: { create: StoreCreate, update: StoreUpdate },
  coupons: { create: CouponCreate, update: CouponUpdate },
  banners: { create: BannerCreate, update: BannerUpdate },
};
const NOUN: Record<FormKind, string> = { stores: 'store', coupons: 'coupon', banners: 'banner' };

// The bodies are built from the kind's own create / update schema (SCHEMAS above), field by field.
const SEND: Record<
  FormKind,
  { create(body: FormBody): Promise<unknown>; update(id: string, body: FormBody): Promise<unknown> }
> = {
  stores: {
    create: (body) => admin('createStore', { body: body as StoreCreate }),
    update: (id, body) => admin('updateStore', { params: { id }, body: body as StoreUpdate }),
  },
  coupons: {
    create: (body) => admin('createCoupon', { body: body as CouponCreate }),
    update: (id, body) => admin('updateCoupon', { params: { id }, body: body as CouponUpdate }),
  },
  banners: {
    create: (body) => admin('createBanner', { body: body as BannerCreate }),
    update: (id, body) => admin('updateBanner', { params: { id }, body: body as BannerUpdate }),
  },
};

const REDIRECT_WORDS: Record<(typeof REDIRECTION_TYPES)[number], string> = {
  default: 'Through the site (default)',
  'zero-redirect-with-refer': 'Straight to the store, with referrer',
  'zero-redirect-without-refer': 'Straight to the store, no referrer',
};
const KIND_WORDS: Record<BannerKind, string> = { ad: 'Ad', recommend: 'Recommendation' };
const SIZE_WORDS: Record<(typeof BANNER_DIMENSIONS)[number], string> = {
  '120 * 600': '120 × 600 (skyscraper)',
  '728 * 90': '728 × 90 (leaderboard)',
  '1480 * 630': '1480 × 630 (hero)',
  '300 * 250': '300 × 250 (rectangle)',
};

/** The stores and categories a coupon or banner form chooses from (the tenant's stores, by name). */
function useChoices(kind: FormKind, tenant: AdminTenant) {
  const [stores, setStores] = useState<{ value: string; label: string }[]>([]);
  const [categories, setCategories] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    if (kind === 'stores') return;
    let live = true;
    void admin('listStores', { query: { tenant: tenant._id, per_page: 200 } })
      .then((r) => live && setStores(r.data.map((s) => ({ value: s._id, label: s.name }))))
      .catch(() => undefined);
    if (kind === 'coupons')
      void admin('listCategories', { query: { per_page: 200 } })
        .then((r) => live && setCategories(r.data.map((c) => ({ value: c.name, label: c.name }))))
        .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [kind, tenant._id]);
  return { stores, categories };
}

/** A coupon is a code to copy or a deal: the radio buttons of the form's `offer` (not a schema property). */
function CodeOrDeal({ id, value, set }: { id: string; value: string; set: (v: string) => void }) {
  return (
    <span className="radios" id={id} role="radiogroup" aria-label="Offer type">
      {(['code', 'deal'] as const).map((v) => (
        <label key={v}>
          <input type="radio" name={`${id}-offer`} value={v} checked={value === v} onChange={() => set(v)} />
          {v === 'code' ? 'A code to copy' : 'A deal (no code)'}
        </label>
      ))}
    </span>
  );
}

function fieldsOf(kind: FormKind, mode: 'create' | 'update', choices: ReturnType<typeof useChoices>): FieldSpec[] {
  const creating = mode === 'create';
  if (kind === 'stores')
    return [
      { name: 'name' },
      ...(creating ? [{ name: 'key', hint: 'Never changes; CSV imports find the store by it.' }] : []),
      { name: 'slug', hint: "The store page's address: /store/<slug>." },
      { name: 'website_url', hint: "The store's own site." },
      { name: 'image', widget: 'image', purpose: 'store', hint: 'The logo shown on store cards and its page.' },
      { name: 'description', widget: 'textarea' },
      {
        name: 'desktop_redirection_type',
        options: REDIRECTION_TYPES.map((v) => ({ value: v, label: REDIRECT_WORDS[v] })),
        required: true,
      },
      {
        name: 'sub_id_param',
        hint: 'Only for tracking links of a network Dealdeck does not know (Awin, CJ, Impact, Rakuten, Tradedoubler and Admitad links are tagged on their own): the query parameter that carries the click id, e.g. subid.',
      },
      { name: 'is_paused', hint: 'Hidden from shoppers until unticked.' },
      ...(creating ? [] : [{ name: 'is_archived', hint: 'Kept, but listed nowhere.' }]),
    ] satisfies FieldSpec[];
  if (kind === 'coupons')
    return [
      { name: 'store_id', label: 'Store', options: choices.stores, required: true },
      { name: 'name', label: 'Headline', hint: 'What shoppers read first, e.g. "20% off everything".' },
      { name: 'title', hint: 'A shorter line (optional).' },
      {
        name: 'offer',
        label: 'Offer type',
        widget: 'custom',
        render: ({ id, value, set }) => <CodeOrDeal id={id} value={String(value)} set={set} />,
      },
      { name: 'code', hidden: (v) => v.offer !== 'code', required: true },
      { name: 'link', hint: "Where the offer sends a shopper (the store's page or an affiliate link)." },
      { name: 'description', widget: 'textarea' },
      { name: 'start_date', widget: 'datetime', hint: 'Empty: now.' },
      { name: 'expiry_date', widget: 'datetime', hint: 'Empty: no end.' },
      { name: 'category', options: choices.categories, required: true },
      { name: 'is_recommended', hint: 'Shown as exclusive.' },
      { name: 'is_paused', hint: 'Hidden from shoppers until unticked.' },
    ];
  return [
    {
      name: 'kind',
      options: BANNER_KINDS.map((v) => ({ value: v, label: KIND_WORDS[v] })),
    },
    { name: 'banner_dimension', options: BANNER_DIMENSIONS.map((v) => ({ value: v, label: SIZE_WORDS[v] })) },
    { name: 'image_upload', widget: 'image', purpose: 'banner', required: true },
    { name: 'redirect_url', hint: 'Where a click on the banner goes.' },
    { name: 'store_id', options: choices.stores, hint: 'Optional: the store it advertises.' },
    { name: 'position', hint: 'Lower comes first among banners of its size.' },
    ...(creating ? [] : [{ name: 'is_paused', hint: 'Out of its slot until unticked.' }]),
  ] satisfies FieldSpec[];
}

/** An add form (row null) or the full edit form of one row, for stores, coupons or banners. */
export function CatalogueForm(props: {
  kind: FormKind;
  tenant: AdminTenant;
  /** A store, coupon or banner (the tables with this form). */
  row: CatalogueRow | null;
  onDone: (message: string) => void | Promise<void>;
  onCancel?: () => void;
}) {
  const { kind, tenant, row } = props;
  /** An existing coupon that is a deal (no code). */
  const isDeal = row !== null && 'code' in row && row.code === null;
  const mode = row ? 'update' : 'create';
  const timeZone = zoneOf(tenant.data.time_zone);
  const choices = useChoices(kind, tenant);
  const fields = fieldsOf(kind, mode, choices);
  const schemas = SCHEMAS[kind];
  const schema = (mode === 'create' ? schemas.create : schemas.update) as Parameters<typeof initialValues>[0];
  const start =
    row ?? (kind === 'stores' ? { desktop_redirection_type: 'default' } : kind === 'banners' ? { position: 0 } : {});
  const initial: FormValues = {
    ...initialValues(schema, fields, start, timeZone),
    ...(kind === 'coupons' ? { offer: isDeal ? 'deal' : 'code' } : {}),
  };
  const noun = NOUN[kind];
  const name = !row ? '' : 'name' in row ? row.name : 'redirect_url' in row ? row.redirect_url : '';
  const id = row && '_id' in row ? row._id : '';

  async function send(values: FormValues): Promise<string> {
    const body = bodyOf(schema, fields, values, timeZone, row ? initial : undefined);
    delete body.offer;
    if (kind === 'coupons' && values.offer === 'deal' && (!row || !isDeal)) body.code = null;
    if (kind === 'coupons' && values.offer === 'code' && isDeal) body.code = values.code;
    if (row) {
      await SEND[kind].update(id, body);
      const message = `Saved ${noun} ${name}.`;
      await props.onDone(message);
      return message;
    }
    if (kind === 'stores') body.tenants = [tenant._id];
    if (kind === 'banners') body.domain_id = tenant._id;
    await SEND[kind].create(body);
    const added = String(values.name ?? values.redirect_url ?? '');
    const message = `Added ${noun} ${added}.`;
    await props.onDone(message);
    return message;
  }

  return (
    <SchemaForm
      // New choices arrive after the first draw: the form starts again only for another row.
      key={`${kind}-${row ? id : 'new'}`}
      title={row ? `Edit ${noun} ${name}` : `Add ${noun}`}
      schema={schema}
      fields={fields}
      initial={initial}
      timeZone={timeZone}
      submitLabel={row ? 'Save' : `Add ${noun}`}
      requireChange={row !== null}
      onSubmit={send}
      onCancel={props.onCancel}
      focusOnOpen
      onChange={(field, next, previous) =>
        // A new store's slug follows its key until the slug is typed by hand.
        kind === 'stores' && !row && field === 'key' && (previous.slug === '' || previous.slug === slugOf(previous.key))
          ? { ...next, slug: slugOf(next.key) }
          : next
      }
    />
  );
}

/** The slug a new store's key gives: lower case, '.' and '_' as '-'. */
const slugOf = (key: FormValues[string] | undefined) =>
  String(key ?? '')
    .toLowerCase()
    .replace(/[._]+/g, '-');
