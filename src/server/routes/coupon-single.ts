import type { FastifyInstance } from 'fastify';
import { idParam, responses } from '../api-schemas/common';
import { CouponAnswer, CouponUrlAnswer } from '../../shared/contract/envelopes';
import { isExpired } from '../../shared/rules/expiry';
import { httpUrl } from '../../shared/rules/http-url';
import type { Db } from '../db/connect';
import { findCoupon } from '../db/repositories/coupons';
import { ApiError } from '../lib/api-error';
import { tenantOf } from '../plugins/tenancy';
import { couponByIdPath, couponUrlPath } from '../../shared/contract/queries/index';

// One coupon: by id, and its outbound link (stored links only: no open redirect). Visits: ./coupon-signals.ts.
type ById = { coupon_id: string };

export async function couponSingleRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get<{ Querystring: ById }>(
    couponByIdPath,
    {
      schema: {
        tags: ['coupons'],
        summary: 'One coupon by _id',
        querystring: { type: 'object', required: ['coupon_id'], properties: { coupon_id: idParam } },
        response: responses(CouponAnswer),
      },
    },
    async (req) => {
      const coupon = await findCoupon(db, tenantOf(req).id, req.query.coupon_id);
      if (!coupon) throw new ApiError(404, 'Coupon not found.');
      return { success: true, data: coupon };
    },
  );

  app.get<{ Querystring: ById }>(
    couponUrlPath,
    {
      schema: {
        tags: ['coupons'],
        summary:
          "A coupon's outbound link, looked up by coupon_id. Only links stored on the coupon/store are returned; any URL in the request is ignored.",
        querystring: { type: 'object', required: ['coupon_id'], properties: { coupon_id: idParam } },
        response: responses(CouponUrlAnswer),
      },
    },
    async (req) => {
      const c = await findCoupon(db, tenantOf(req).id, req.query.coupon_id);
      if (!c) throw new ApiError(404, 'Cannot get Coupon URL');
      const expired = isExpired(c.expiry_date, new Date());
      // SPEC §4: finalLink (when it is an http(s) URL) for an unexpired (or non-expiring) coupon, else the plain link.
      const finalLink = (!expired && httpUrl(c.finalLink)) || c.link;
      return {
        success: true,
        data: { coupons: [{ _id: c._id, finalLink, link: c.link, expired }], domain_link: c.domain_link },
      };
    },
  );
}
