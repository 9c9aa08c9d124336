import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { responses } from '../api-schemas/common';
import { Answer } from '../../shared/contract/envelopes';
import { DOMAIN_DATA_REF } from '../../shared/contract/domain-data';
import { tenantOf } from '../plugins/tenancy';
import { websitePath } from '../../shared/contract/queries/index';

// The requesting tenant's website data (SPEC §3): whole, or the footer/verification parts.
const text = Type.Optional(Type.String());

export async function websiteDataRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    websitePath,
    {
      schema: {
        tags: ['website data'],
        summary: "The tenant's domain data",
        response: responses(Answer(DOMAIN_DATA_REF)),
      },
    },
    async (req) => ({ success: true, data: tenantOf(req).data }),
  );

  app.get(
    '/websiteData/fetchAll',
    {
      schema: {
        tags: ['website data'],
        summary: "Website data records visible to this site (only the tenant's own: a tenant never sees another's)",
        response: responses(Answer(Type.Array(DOMAIN_DATA_REF))),
      },
    },
    async (req) => ({ success: true, data: [tenantOf(req).data] }),
  );

  app.get(
    '/api/end-user/website-data/fetchFooterJS',
    {
      schema: {
        tags: ['website data'],
        summary: "The tenant's footer script",
        response: responses(Answer(Type.Object({ footer_js: text }))),
      },
    },
    async (req) => ({ success: true, data: { footer_js: tenantOf(req).data.footer_js } }),
  );

  app.get(
    '/api/end-user/website-data/google-verification-tag',
    {
      schema: {
        tags: ['website data'],
        summary: 'Google verification tag and footer script',
        response: responses(Answer(Type.Object({ google_verification_tag: text, footer_js: text }))),
      },
    },
    async (req) => {
      const d = tenantOf(req).data;
      return { success: true, data: { google_verification_tag: d.google_verification_tag, footer_js: d.footer_js } };
    },
  );
}
