import type { FastifyInstance } from 'fastify';
import { responses } from '../api-schemas/common';
import { BannerList } from '../../shared/contract/envelopes';
import { StringEnum } from '../../shared/contract/schema-kit';
import { BANNER_DIMENSIONS, BANNER_KINDS, type BannerDimension, type BannerKind } from '../../shared/contract/values';
import type { Db } from '../db/connect';
import { listBanners } from '../db/repositories/banners';
import { ApiError } from '../lib/api-error';
import { tenantOf } from '../plugins/tenancy';
import { adBannersPath, recommendBannersPath } from '../../shared/contract/queries/index';

// The tenant's banners: recommend banners by dimension, ad banners, and all end-user banners.
const dimension = {
  type: 'string',
  maxLength: 20,
  description: `One of ${BANNER_DIMENSIONS.map((d) => `'${d}'`).join(', ')} (also accepted as 120x600)`,
} as const;
const bannerList = responses(BannerList);

/** '300x250', '300 * 250', '300*250' → '300 * 250'; anything else is a 400. */
export function parseDimension(raw: string | undefined): BannerDimension | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const m = /^\s*(\d{2,4})\s*[*xX]\s*(\d{2,4})\s*$/.exec(raw);
  const value = m ? `${m[1]} * ${m[2]}` : raw;
  const found = BANNER_DIMENSIONS.find((d) => d === value);
  if (!found) throw new ApiError(400, `dimension must be one of ${BANNER_DIMENSIONS.map((d) => `'${d}'`).join(', ')}`);
  return found;
}

type Q = { dimension?: string; kind?: BannerKind };

export async function bannerRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get<{ Querystring: Q }>(
    recommendBannersPath,
    {
      schema: {
        tags: ['banners'],
        summary: "The tenant's recommend banners of a dimension (all dimensions when omitted)",
        querystring: { type: 'object', properties: { dimension } },
        response: bannerList,
      },
    },
    async (req) => ({
      success: true,
      data: await listBanners(db, tenantOf(req).id, {
        kind: 'recommend',
        dimension: parseDimension(req.query.dimension),
      }),
    }),
  );

  app.get<{ Querystring: Q }>(
    adBannersPath,
    {
      schema: {
        tags: ['banners'],
        summary: "The tenant's ad banners (optionally of one dimension)",
        querystring: { type: 'object', properties: { dimension } },
        response: bannerList,
      },
    },
    async (req) => ({
      success: true,
      data: await listBanners(db, tenantOf(req).id, { kind: 'ad', dimension: parseDimension(req.query.dimension) }),
    }),
  );

  app.get<{ Querystring: Q }>(
    '/api/end-user/banners',
    {
      schema: {
        tags: ['banners'],
        summary: "End-user banners: all of the tenant's banners, optionally by kind and dimension",
        querystring: { type: 'object', properties: { dimension, kind: StringEnum(BANNER_KINDS) } },
        response: bannerList,
      },
    },
    async (req) => ({
      success: true,
      data: await listBanners(db, tenantOf(req).id, {
        kind: req.query.kind,
        dimension: parseDimension(req.query.dimension),
      }),
    }),
  );
}
