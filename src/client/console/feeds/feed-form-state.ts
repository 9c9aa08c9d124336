import type {
  Feed,
  FeedAuth,
  FeedCreate,
  FeedCredentials,
  FeedFormat,
  FeedUpdate,
} from '../../../shared/contract/feeds';

// Issue 30: the feed form's values and the bodies they make (pure). Credentials are write-only: the server never
// sends them back, so the form starts them empty and sends them only when the operator typed them (or chose "None"
// to clear stored ones); a feed's auth left as it was with empty fields keeps what is stored.

export interface FeedFormValues {
  name: string;
  format: FeedFormat;
  source: 'url' | 'file';
  url: string;
  file: File | null;
  auth: FeedAuth;
  /** basic: the Account SID; query: the parameter's name. */
  credName: string;
  /** bearer: the token; basic: the Auth Token; query: the parameter's value. */
  credSecret: string;
  tenants: string[];
  category: string;
  everyHours: string;
  enabled: boolean;
}

export type FeedField = keyof FeedFormValues;
export type FeedProblems = Partial<Record<FeedField, string>>;

export const needsName = (auth: FeedAuth) => auth === 'basic' || auth === 'query';

export function initialValues(feed: Feed | null, tenantId: string): FeedFormValues {
  return {
    name: feed?.name ?? '',
    format: feed?.format ?? 'awin-csv',
    source: feed && feed.url === null && feed.file_bytes !== null ? 'file' : 'url',
    url: feed?.url ?? '',
    file: null,
    auth: feed?.auth ?? 'none',
    credName: '',
    credSecret: '',
    tenants: feed ? [...feed.tenants] : tenantId ? [tenantId] : [],
    category: feed?.category ?? '',
    everyHours: String(feed?.every_hours ?? 6),
    enabled: feed?.enabled ?? true,
  };
}

/** The stored credentials stay: same auth, nothing typed. */
const keepsStored = (v: FeedFormValues, feed: Feed | null) =>
  feed !== null && v.auth === feed.auth && !v.credName.trim() && !v.credSecret;

function httpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

function credentialProblems(v: FeedFormValues, feed: Feed | null): FeedProblems {
  if (v.auth === 'none' || keepsStored(v, feed)) return {};
  const p: FeedProblems = {};
  const replacing = feed !== null && v.auth === feed.auth;
  const together = replacing ? ' (the stored credentials are replaced together)' : '';
  if (needsName(v.auth) && !v.credName.trim())
    p.credName = `${v.auth === 'basic' ? 'Give the Account SID' : "Give the parameter's name"}${together}.`;
  else if (v.auth === 'query' && !/^[A-Za-z0-9_.~-]{1,100}$/.test(v.credName.trim()))
    p.credName = 'Letters, digits and _ . ~ - only.';
  if (!v.credSecret)
    p.credSecret = `${v.auth === 'basic' ? 'Give the Auth Token' : v.auth === 'bearer' ? 'Give the token' : "Give the parameter's value"}${together}.`;
  return p;
}

/** What is wrong with the values, field by field (empty: ready to send). */
export function problemsOf(v: FeedFormValues, feed: Feed | null): FeedProblems {
  const p: FeedProblems = { ...credentialProblems(v, feed) };
  if (!v.name.trim()) p.name = 'Give the feed a name.';
  if (v.source === 'url' && !httpUrl(v.url.trim()))
    p.url = v.url.trim() ? 'An absolute http(s) URL, e.g. https://…' : "Give the feed's URL.";
  if (v.source === 'file' && !v.file && feed?.file_bytes == null) p.file = 'Choose the feed file.';
  if (v.tenants.length === 0) p.tenants = 'Tick at least one tenant.';
  if (!v.category) p.category = 'Choose a category.';
  const hours = Number(v.everyHours);
  if (v.everyHours.trim() === '' || !Number.isInteger(hours) || hours < 0 || hours > 168)
    p.everyHours = 'A whole number of hours from 0 to 168.';
  return p;
}

/** The credentials to send, if any. */
export function credentialsOf(v: FeedFormValues, feed: Feed | null): FeedCredentials | undefined {
  if (v.auth === 'none') return feed && feed.auth !== 'none' ? { auth: 'none' } : undefined;
  if (keepsStored(v, feed)) return undefined;
  return { auth: v.auth, ...(needsName(v.auth) ? { name: v.credName.trim() } : {}), secret: v.credSecret };
}

export function createBody(v: FeedFormValues): FeedCreate {
  const credentials = credentialsOf(v, null);
  return {
    name: v.name.trim(),
    format: v.format,
    ...(v.source === 'url' ? { url: v.url.trim() } : {}),
    ...(credentials ? { credentials } : {}),
    tenants: v.tenants,
    category: v.category,
    every_hours: Number(v.everyHours),
    enabled: v.enabled,
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Only what changed (an uploaded file is sent on its own, after). */
export function updateBody(v: FeedFormValues, feed: Feed): FeedUpdate {
  const body: FeedUpdate = {};
  const credentials = credentialsOf(v, feed);
  if (v.name.trim() !== feed.name) body.name = v.name.trim();
  if (v.format !== feed.format) body.format = v.format;
  if (v.source === 'url' && v.url.trim() !== (feed.url ?? '')) body.url = v.url.trim();
  if (credentials) body.credentials = credentials;
  if (!sameSet(v.tenants, feed.tenants)) body.tenants = v.tenants;
  if (v.category !== feed.category) body.category = v.category;
  if (Number(v.everyHours) !== feed.every_hours) body.every_hours = Number(v.everyHours);
  if (v.enabled !== feed.enabled) body.enabled = v.enabled;
  return body;
}
