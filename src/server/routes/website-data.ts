import type { FastifyInstance } from 'fastify';
import { envelope, responses, str } from '../api-schemas/common';
import { DOMAIN_DATA_REF } from '../api-schemas/entities';
import { tenantOf } from '../plugins/tenancy';

// The requesting tenant's website data (SPEC §3): whole, or the footer/verification parts.
export async function websiteDataRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/end-user/website-data/fetchByDomain', {
    schema: { tags: ['website data'], summary: "The tenant's domain data", response: responses(envelope(DOMAIN_DATA_REF)) },
  }, async (req) => ({ success: true, data: tenantOf(req).data }));

  app.get('/websiteData/fetchAll', {
    schema: {
      tags: ['website data'],
      summary: "Website data records visible to this site (only the tenant's own: a tenant never sees another's)",
      response: responses(envelope({ type: 'array', items: DOMAIN_DATA_REF })),
    },
  }, async (req) => ({ success: true, data: [tenantOf(req).data] }));

  app.get('/api/end-user/website-data/fetchFooterJS', {
    schema: { tags: ['website data'], summary: "The tenant's footer script", response: responses(envelope({ type: 'object', properties: { footer_js: str } })) },
  }, async (req) => ({ success: true, data: { footer_js: tenantOf(req).data.footer_js } }));

  app.get('/api/end-user/website-data/google-verification-tag', {
    schema: {
      tags: ['website data'],
      summary: 'Google verification tag and footer script',
      response: responses(envelope({ type: 'object', properties: { google_verification_tag: str, footer_js: str } })),
    },
  }, async (req) => {
    const d = tenantOf(req).data;
    return { success: true, data: { google_verification_tag: d.google_verification_tag, footer_js: d.footer_js } };
  });
}
