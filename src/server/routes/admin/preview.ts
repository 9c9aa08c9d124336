import type { FastifyInstance } from 'fastify';
import { PreviewGrantAnswer, PreviewGrantRequest } from '../../../shared/contract/admin';
import { responses } from '../../api-schemas/common';
import { PREVIEW_GRANT_MS, type PreviewGrants } from '../../site/preview-grant';
import type { AdminContext } from './context';
import { requireTenant } from './guard';

// Issue 25: the console's preview frames a tenant's page with a short-lived grant for one tenant, one layout document
// and one instant; without it the site shows the published page and no raw document (site/preview-grant.ts).
export async function adminPreviewRoutes(
  app: FastifyInstance,
  ctx: AdminContext & { grants: PreviewGrants; now: () => number },
): Promise<void> {
  app.post<{ Body: PreviewGrantRequest }>(
    '/preview-grants',
    {
      schema: {
        tags: ['admin: layouts'],
        security: [{ bearer: [] }],
        summary:
          "A 15-minute grant to preview one tenant's pages with one layout document and/or at one instant (its query: layout, at, grant)",
        body: PreviewGrantRequest,
        response: responses(PreviewGrantAnswer),
      },
    },
    async (req) => {
      const { tenant, layout = '', at = '' } = req.body;
      requireTenant(req, tenant);
      const expires = ctx.now() + PREVIEW_GRANT_MS;
      const grant = ctx.grants.sign({ tenant, layout, at, expires });
      const query = new URLSearchParams({ ...(layout ? { layout } : {}), ...(at ? { at } : {}), grant }).toString();
      return { success: true, data: { grant, query: `?${query}`, expires_at: new Date(expires).toISOString() } };
    },
  );
}
