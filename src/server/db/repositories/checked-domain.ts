import { Value } from '@sinclair/typebox/value';
import { DomainBannerV2, DomainData as DomainDataSchema } from '../../../shared/contract/domain-data';
import type { DomainData } from '../seed/demo/types';

// Issue 18: a domain row is checked against the contract when it is read, not only when it is written (an editor, the
// console or a hand-made UPDATE can store anything the column type allows). A field that fails is logged with the row's
// id and falls back to its column default, so a bad colour gives the default colour, never a blank page.

/** One field of one row that failed the contract. */
export interface RowIssue {
  table: string;
  id: string;
  field: string;
  message: string;
}
export type ReportIssue = (issue: RowIssue) => void;

/** The columns' defaults (002-tenants.sql): '' means "not set" to every reader. */
const DEFAULTS: DomainData = {
  name: '',
  logo: '',
  favicon: '',
  header_color: '',
  header_html: '',
  header_js: '',
  meta_tag: '',
  meta_description: '',
  home_page: '',
  footer_about_us: '',
  footer_text: '',
  contact: { email: '', phone: '', address: '' },
  banners_v2: [],
  google_verification_tag: '',
  footer_js: '',
  permissions: [],
  affiliate_disclosure: '',
  time_zone: 'UTC',
};

const isField = (name: string): name is keyof DomainData => Object.hasOwn(DEFAULTS, name);

function reset<K extends keyof DomainData>(data: DomainData, field: K): void {
  data[field] = DEFAULTS[field];
}

/** `data` when it passes the contract; else a copy with each failing field at its default (banners: the bad ones dropped). */
export function checkedDomainData(id: string, key: string, data: DomainData, report: ReportIssue): DomainData {
  // An unset colour is stored as '', which the colour pattern (rightly) refuses: not a fault of the row.
  const probe: Partial<DomainData> = { ...data };
  if (probe.header_color === '') delete probe.header_color;
  const failing = new Map<string, string>();
  for (const e of Value.Errors(DomainDataSchema, probe)) {
    const field = e.path.split('/')[1] ?? '';
    if (!failing.has(field)) failing.set(field, e.message);
  }
  if (failing.size === 0) return data;
  const out: DomainData = { ...data };
  for (const [field, message] of failing) {
    report({ table: 'domains', id, field: field || '(row)', message });
    if (field === 'banners_v2' && Array.isArray(data.banners_v2))
      out.banners_v2 = data.banners_v2.filter((b) => Value.Check(DomainBannerV2, b));
    else if (field === 'name') out.name = key;
    else if (isField(field)) reset(out, field);
  }
  return out;
}
