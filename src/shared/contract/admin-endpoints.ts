import type { Static, TUnsafe } from '@sinclair/typebox';
import type {
  AdminAnswer,
  AdminBanner,
  AdminCategory,
  AdminCoupon,
  AdminListQuery,
  AdminMe,
  AdminPage,
  AdminStore,
  AdminTenant,
  AdminUser,
  AuditEntry,
  BannerCreate,
  BannerUpdate,
  CategoryCreate,
  CategoryParams,
  CategoryUpdate,
  ConsoleSession,
  ConsoleSignIn,
  CouponCreate,
  CouponListQuery,
  CouponUpdate,
  IdParams,
  ImportParams,
  ImportQuery,
  ImportReport,
  PreviewGrantAnswer,
  PreviewGrantRequest,
  StoreCreate,
  StoreUpdate,
  TenantCreate,
  TenantList,
  TenantScopedQuery,
  TenantUpdate,
  UserParams,
  UserUpdate,
} from './admin';
import type { FirstAdmin, FirstAdminSetup } from './admin-setup';
import type { ExperimentsAnswer } from './experiments';
import type {
  AdvertiserMappings,
  FeedAdvertisersAnswer,
  FeedAnswer,
  FeedCreate,
  FeedListAnswer,
  FeedParams,
  FeedRunAnswer,
  FeedRunParams,
  FeedRunRequest,
  FeedRunsAnswer,
  FeedUpdate,
  PreferredFeed,
} from './feeds';
import type {
  DocumentAtVersionAnswer,
  DocumentAtVersionParams,
  DraftSave,
  DraftSaved,
  LayoutCheckAnswer,
  LayoutCheckRequest,
  LayoutDocumentParams,
  PublishAnswer,
  PublishRequest,
  RollbackRequest,
  StudioDocumentAnswer,
  StudioOverview,
} from './layout-studio';
import type { MessageAnswer } from './envelopes';
import type { MediaQuery, MediaUploaded } from './media';
import type { OverviewAnswer, OverviewQuery } from './overview';
import type { SignalAlertsAnswer, SignalAlertsQuery } from './signal-alerts';
import type { PendingStoreAlertsAnswer, SentStoreAlertsAnswer } from './store-alerts';

// Issue 28: every /api/admin/… call the console makes, named once. Plain data (the browser reads it at run time; the
// contract's types come in as types only): the console calls by name (src/client/console/admin-client.ts), and a
// server test checks that each entry is a route the server registers with that method.

export const ADMIN_PREFIX = '/api/admin';

export type AdminMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export interface AdminEndpoint {
  method: AdminMethod;
  /** Under ADMIN_PREFIX; `:name` parts are filled from the call's params. */
  path: string;
}

export const ADMIN_ENDPOINTS = {
  getSession: { method: 'GET', path: '/session' },
  signIn: { method: 'POST', path: '/session' },
  signOut: { method: 'DELETE', path: '/session' },
  signOutEverywhere: { method: 'DELETE', path: '/sessions' },
  setupFirstAdmin: { method: 'POST', path: '/setup' },
  me: { method: 'GET', path: '/me' },
  overview: { method: 'GET', path: '/overview' },
  listTenants: { method: 'GET', path: '/tenants' },
  createTenant: { method: 'POST', path: '/tenants' },
  updateTenant: { method: 'PATCH', path: '/tenants/:id' },
  listStores: { method: 'GET', path: '/stores' },
  createStore: { method: 'POST', path: '/stores' },
  updateStore: { method: 'PATCH', path: '/stores/:id' },
  deleteStore: { method: 'DELETE', path: '/stores/:id' },
  listCoupons: { method: 'GET', path: '/coupons' },
  createCoupon: { method: 'POST', path: '/coupons' },
  updateCoupon: { method: 'PATCH', path: '/coupons/:id' },
  deleteCoupon: { method: 'DELETE', path: '/coupons/:id' },
  listCategories: { method: 'GET', path: '/categories' },
  createCategory: { method: 'POST', path: '/categories' },
  updateCategory: { method: 'PATCH', path: '/categories/:name' },
  deleteCategory: { method: 'DELETE', path: '/categories/:name' },
  listBanners: { method: 'GET', path: '/banners' },
  createBanner: { method: 'POST', path: '/banners' },
  updateBanner: { method: 'PATCH', path: '/banners/:id' },
  deleteBanner: { method: 'DELETE', path: '/banners/:id' },
  importRows: { method: 'POST', path: '/import/:kind' },
  uploadMedia: { method: 'POST', path: '/media' },
  listAudit: { method: 'GET', path: '/audit' },
  listUsers: { method: 'GET', path: '/users' },
  updateUser: { method: 'PATCH', path: '/users/:email' },
  listSignalAlerts: { method: 'GET', path: '/alerts' },
  pendingStoreAlerts: { method: 'GET', path: '/store-alerts' },
  sendStoreAlerts: { method: 'POST', path: '/store-alerts/send' },
  createPreviewGrant: { method: 'POST', path: '/preview-grants' },
  studioOverview: { method: 'GET', path: '/layouts' },
  checkLayout: { method: 'POST', path: '/layouts/check' },
  getLayoutDocument: { method: 'GET', path: '/layouts/:kind/:file' },
  layoutAtVersion: { method: 'GET', path: '/layouts/:kind/:file/versions/:version' },
  saveLayoutDraft: { method: 'POST', path: '/layouts/:kind/:file/draft' },
  discardLayoutDraft: { method: 'DELETE', path: '/layouts/:kind/:file/draft' },
  publishLayout: { method: 'POST', path: '/layouts/:kind/:file/publish' },
  rollbackLayouts: { method: 'POST', path: '/layouts/rollback' },
  experimentReport: { method: 'GET', path: '/experiments' },
  listFeeds: { method: 'GET', path: '/feeds' },
  createFeed: { method: 'POST', path: '/feeds' },
  updateFeed: { method: 'PATCH', path: '/feeds/:id' },
  deleteFeed: { method: 'DELETE', path: '/feeds/:id' },
  uploadFeedFile: { method: 'POST', path: '/feeds/:id/file' },
  listFeedAdvertisers: { method: 'GET', path: '/feeds/:id/advertisers' },
  mapFeedAdvertisers: { method: 'POST', path: '/feeds/:id/advertisers' },
  startFeedRun: { method: 'POST', path: '/feeds/:id/runs' },
  listFeedRuns: { method: 'GET', path: '/feeds/:id/runs' },
  getFeedRun: { method: 'GET', path: '/feeds/:id/runs/:run' },
  setPreferredFeed: { method: 'POST', path: '/feeds/preferred' },
} as const satisfies Record<string, AdminEndpoint>;

export type AdminEndpointName = keyof typeof ADMIN_ENDPOINTS;

/** `{ success, message?, data }` of one T. */
type One<T> = Static<ReturnType<typeof AdminAnswer<TUnsafe<T>>>>;
/** A page of Ts: `{ success, data, total, page, per_page }`. */
type Page<T> = Static<ReturnType<typeof AdminPage<TUnsafe<T>>>>;
/** A list's query: page and per_page have the server's defaults. */
type ListQuery<Q extends AdminListQuery> = Partial<Q>;

/** What each call sends (params fill the path, query its query string, body the JSON body) and answers. */
export interface AdminCalls {
  getSession: { answer: One<ConsoleSession> };
  signIn: { body: ConsoleSignIn; answer: One<ConsoleSession> };
  signOut: { answer: MessageAnswer };
  signOutEverywhere: { answer: MessageAnswer };
  setupFirstAdmin: { body: FirstAdminSetup; answer: One<FirstAdmin> };
  me: { answer: One<AdminMe> };
  overview: { query?: OverviewQuery; answer: OverviewAnswer };
  listTenants: { answer: TenantList };
  createTenant: { body: TenantCreate; answer: One<AdminTenant> };
  updateTenant: { params: IdParams; body: TenantUpdate; answer: One<AdminTenant> };
  listStores: { query?: ListQuery<TenantScopedQuery>; answer: Page<AdminStore> };
  createStore: { body: StoreCreate; answer: One<AdminStore> };
  updateStore: { params: IdParams; body: StoreUpdate; answer: One<AdminStore> };
  deleteStore: { params: IdParams; answer: MessageAnswer };
  listCoupons: { query?: ListQuery<CouponListQuery>; answer: Page<AdminCoupon> };
  createCoupon: { body: CouponCreate; answer: One<AdminCoupon> };
  updateCoupon: { params: IdParams; body: CouponUpdate; answer: One<AdminCoupon> };
  deleteCoupon: { params: IdParams; answer: MessageAnswer };
  listCategories: { query?: ListQuery<AdminListQuery>; answer: Page<AdminCategory> };
  createCategory: { body: CategoryCreate; answer: One<AdminCategory> };
  updateCategory: { params: CategoryParams; body: CategoryUpdate; answer: One<AdminCategory> };
  deleteCategory: { params: CategoryParams; answer: MessageAnswer };
  listBanners: { query?: ListQuery<TenantScopedQuery>; answer: Page<AdminBanner> };
  createBanner: { body: BannerCreate; answer: One<AdminBanner> };
  updateBanner: { params: IdParams; body: BannerUpdate; answer: One<AdminBanner> };
  deleteBanner: { params: IdParams; answer: MessageAnswer };
  /** The CSV file is the raw body (text/csv). */
  importRows: { params: ImportParams; query?: ImportQuery; answer: ImportReport };
  /** The image file is the raw body. */
  uploadMedia: { query: MediaQuery; answer: MediaUploaded };
  listAudit: { query?: ListQuery<AdminListQuery>; answer: Page<AuditEntry> };
  listUsers: { answer: One<AdminUser[]> };
  updateUser: { params: UserParams; body: UserUpdate; answer: One<AdminUser> };
  listSignalAlerts: { query?: Partial<SignalAlertsQuery>; answer: SignalAlertsAnswer };
  pendingStoreAlerts: { answer: PendingStoreAlertsAnswer };
  sendStoreAlerts: { answer: SentStoreAlertsAnswer };
  createPreviewGrant: { body: PreviewGrantRequest; answer: PreviewGrantAnswer };
  studioOverview: { answer: StudioOverview };
  checkLayout: { body: LayoutCheckRequest; answer: LayoutCheckAnswer };
  getLayoutDocument: { params: LayoutDocumentParams; answer: StudioDocumentAnswer };
  layoutAtVersion: { params: DocumentAtVersionParams; answer: DocumentAtVersionAnswer };
  saveLayoutDraft: { params: LayoutDocumentParams; body: DraftSave; answer: DraftSaved };
  discardLayoutDraft: { params: LayoutDocumentParams; answer: MessageAnswer };
  /** 422 (PublishRefused) when the text is not valid in the set. */
  publishLayout: { params: LayoutDocumentParams; body: PublishRequest; answer: PublishAnswer };
  rollbackLayouts: { body: RollbackRequest; answer: PublishAnswer };
  experimentReport: { answer: ExperimentsAnswer };
  listFeeds: { answer: FeedListAnswer };
  createFeed: { body: FeedCreate; answer: FeedAnswer };
  updateFeed: { params: FeedParams; body: FeedUpdate; answer: FeedAnswer };
  /** The feed's configuration and sources go; its coupons stay (votes and history with them). */
  deleteFeed: { params: FeedParams; answer: MessageAnswer };
  /** The feed file is the raw body (application/octet-stream, ≤ 200 MB); it replaces the URL. */
  uploadFeedFile: { params: FeedParams; answer: FeedAnswer };
  listFeedAdvertisers: { params: FeedParams; answer: FeedAdvertisersAnswer };
  mapFeedAdvertisers: { params: FeedParams; body: AdvertiserMappings; answer: FeedAdvertisersAnswer };
  /** 202: the run is queued; poll getFeedRun until its status is done or failed. */
  startFeedRun: { params: FeedParams; body: FeedRunRequest; answer: FeedRunAnswer };
  listFeedRuns: { params: FeedParams; answer: FeedRunsAnswer };
  getFeedRun: { params: FeedRunParams; answer: FeedRunAnswer };
  setPreferredFeed: { body: PreferredFeed; answer: MessageAnswer };
}

type Scalar = string | number | boolean | null | undefined;
export interface AdminPathInput {
  params?: object;
  query?: object;
}
/** The params and query of a call. */
export type AdminPathParts<N extends AdminEndpointName> = Pick<
  AdminCalls[N],
  keyof AdminCalls[N] & keyof AdminPathInput
>;
/** An argument that may be left out when none of its properties is required. */
export type OptionalWhenEmpty<T> = Partial<T> extends T ? [input?: T] : [input: T];

/** A query string of the values given (undefined and '' left out), with its '?'; '' when none. */
export function adminQuery(query: object | undefined): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}) as [string, Scalar][])
    if (v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** The full path of a call: ADMIN_PREFIX, the endpoint's path with its `:name` parts filled (encoded), the query. */
export function adminPath<N extends AdminEndpointName>(
  name: N,
  ...[input]: OptionalWhenEmpty<AdminPathParts<N>>
): string {
  const { params, query }: AdminPathInput = input ?? {};
  const filled = ADMIN_ENDPOINTS[name].path.replace(/:([a-z_]+)/g, (_, key: string) => {
    const value = (params as { [key: string]: Scalar } | undefined)?.[key];
    if (value === undefined || value === null || value === '') throw new Error(`${name}: no ${key} to fill the path`);
    return encodeURIComponent(String(value));
  });
  return `${ADMIN_PREFIX}${filled}${adminQuery(query)}`;
}
