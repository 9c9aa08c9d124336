import type { FastifyInstance } from 'fastify';
import {
  AdminAnswer,
  AdminMe,
  AdminTenant,
  IdParams,
  TenantCreate,
  TenantList,
  TenantUpdate,
  type AdminTenant as AdminTenantT,
} from '../../../shared/contract/admin';
import { LAYOUT_KINDS } from '../../../shared/contract/values';
import type { Queryable } from '../../db/connect';
import { newId } from '../../db/ids';
import {
  findTenant,
  hostsTaken,
  insertTenant,
  listTenants,
  updateTenant,
  type TenantRow,
} from '../../db/repositories/admin-tenants';
import type { LayoutState } from '../../layouts/layout-state';
import { DEFAULT_SERVES } from '../../layouts/serving';
import { isTimeZone } from '../../../shared/layout/schedule';
import { ApiError } from '../../lib/api-error';
import { checkImageSources, domainImages } from '../../media/image-sources';
import { responses } from '../../api-schemas/common';
import { auditedWrite, recordWrite, type AdminContext } from './context';
import { operatorOf, requireAdmin } from './guard';

// Tenants: the list (with the layout documents each home_page resolves to), create, and domain-data updates.
const tags = ['admin: tenants'];
const security = [{ bearer: [] }];

/** 'layouts/home/landing.json' → 'home/landing.json' (the `?layout=` preview's spelling). */
function previewName(file: string): string {
  const parts = file.split(/[\\/]/);
  return parts.slice(-2).join('/');
}

export async function adminTenantRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  registerTenantList(app, ctx);
  registerTenantCreate(app, ctx);
  registerTenantUpdate(app, ctx);
  registerMe(app);
}

/** The home_page values some layout document serves (the form's select). */
function servedHomePages(layouts: LayoutState): string[] {
  const out = new Set<string>();
  for (const d of layouts.current().documents) for (const s of d.doc.serves) if (s !== DEFAULT_SERVES) out.add(s);
  return [...out].sort();
}

/** The layout files a home_page value resolves to. */
function resolved(layouts: LayoutState, homePage: string): AdminTenantT['layouts'] {
  const r = layouts.resolve(homePage);
  return {
    home: r?.home.file ?? null,
    header: r?.header.file ?? null,
    footer: r?.footer.file ?? null,
    mobileFooter: r?.mobileFooter.file ?? null,
  };
}

function view(layouts: LayoutState, t: TenantRow): AdminTenantT {
  return { _id: t.id, key: t.key, hosts: t.hosts, data: t.data, layouts: resolved(layouts, t.data.home_page) };
}

function checkHomePage(layouts: LayoutState, value: string | undefined, current: string | null): void {
  if (value === undefined || value === '' || value === current) return;
  const served = servedHomePages(layouts);
  if (!served.includes(value))
    throw new ApiError(
      400,
      `home_page "${value.slice(0, 100)}" is served by no layout document: use one of ${served.join(', ')}.`,
    );
}

// Layout schedules without an offset are read in it: a zone this runtime does not know would silently be UTC.
function checkTimeZone(value: string | undefined): void {
  if (value !== undefined && !isTimeZone(value))
    throw new ApiError(400, `time_zone "${value.slice(0, 64)}" is not an IANA time zone (e.g. Europe/Berlin, UTC).`);
}

async function checkHosts(db: Queryable, hosts: readonly string[] | undefined, id: string | null): Promise<void> {
  if (!hosts) return;
  if (new Set(hosts).size !== hosts.length) throw new ApiError(400, 'A host is listed twice.');
  const taken = await hostsTaken(db, hosts, id);
  if (taken.length) throw new ApiError(409, `Host already serves another tenant: ${taken.join(', ')}`);
}

function registerTenantList(app: FastifyInstance, { db, layouts }: AdminContext): void {
  app.get(
    '/tenants',
    {
      schema: {
        tags,
        security,
        summary: 'Tenants (an editor sees the granted ones): hosts, domain data, the layout documents they resolve to',
        response: responses(TenantList),
      },
    },
    async (req) => {
      const op = operatorOf(req);
      const rows = await listTenants(db, op.tenants === 'all' ? undefined : [...op.tenants]);
      const files = layouts
        .current()
        .documents.map((d) => previewName(d.file))
        .filter((f) => (LAYOUT_KINDS as readonly string[]).includes(f.split('/')[0] ?? ''));
      const homePages = servedHomePages(layouts);
      // Issue 26: what a switch of home_page would resolve to, for the form to show before Save.
      const resolutions = Object.fromEntries(
        [...new Set(['', ...homePages, ...rows.map((t) => t.data.home_page)])].map((h) => [h, resolved(layouts, h)]),
      );
      return {
        success: true,
        data: rows.map((t) => view(layouts, t)),
        home_pages: homePages,
        layout_files: [...new Set(files)],
        resolutions,
      };
    },
  );
}

function registerTenantCreate(app: FastifyInstance, ctx: AdminContext): void {
  const { db, layouts } = ctx;
  app.post<{ Body: TenantCreate }>(
    '/tenants',
    {
      schema: {
        tags,
        security,
        summary: 'Create a tenant (admin)',
        body: TenantCreate,
        response: { ...responses(AdminAnswer(AdminTenant)), 201: AdminAnswer(AdminTenant) },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      const body = req.body;
      checkHomePage(layouts, body.data.home_page, null);
      checkTimeZone(body.data.time_zone);
      checkImageSources(domainImages(body.data));
      await checkHosts(db, body.hosts, null);
      const id = newId();
      const created = await auditedWrite(ctx, req, async (tx) => {
        if (!(await insertTenant(tx, { id, key: body.key, hosts: body.hosts, data: body.data })))
          throw new ApiError(409, `A tenant with key "${body.key}" exists.`);
        const after = await findTenant(tx, id);
        return recordWrite({ action: 'create', entity: 'tenant', entityId: id, domainId: id, before: null }, after!, {
          tenants: [id],
        });
      });
      return reply.code(201).send({ success: true, message: 'Tenant created.', data: view(layouts, created) });
    },
  );
}

function registerTenantUpdate(app: FastifyInstance, ctx: AdminContext): void {
  const { db, layouts } = ctx;
  app.patch<{ Params: IdParams; Body: TenantUpdate }>(
    '/tenants/:id',
    {
      schema: {
        tags,
        security,
        summary: "Update a tenant's domain data (any fields) and hosts (admin); drops the tenant's cached answers",
        params: IdParams,
        body: TenantUpdate,
        response: responses(AdminAnswer(AdminTenant)),
      },
    },
    async (req) => {
      requireAdmin(req);
      const { id } = req.params;
      const before = await findTenant(db, id);
      if (!before) throw new ApiError(404, 'No such tenant.');
      checkHomePage(layouts, req.body.data.home_page, before.data.home_page);
      checkTimeZone(req.body.data.time_zone);
      checkImageSources(domainImages(req.body.data));
      await checkHosts(db, req.body.hosts, id);
      const updated = await auditedWrite(ctx, req, async (tx) => {
        await updateTenant(tx, id, req.body.data, req.body.hosts);
        const after = (await findTenant(tx, id))!;
        return recordWrite({ action: 'update', entity: 'tenant', entityId: id, domainId: id, before }, after, {
          tenants: [id],
        });
      });
      return { success: true, message: 'Tenant updated.', data: view(layouts, updated) };
    },
  );
}

function registerMe(app: FastifyInstance): void {
  app.get(
    '/me',
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in operator: role and granted tenants',
        response: responses(AdminAnswer(AdminMe)),
      },
    },
    async (req) => {
      const op = operatorOf(req);
      return {
        success: true,
        data: { email: op.email, role: op.role, tenants: op.tenants === 'all' ? 'all' : [...op.tenants] },
      };
    },
  );
}
