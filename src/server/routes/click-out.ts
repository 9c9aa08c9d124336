import type { FastifyInstance } from 'fastify';
import { responses } from '../api-schemas/common';
import { ClickOutRequest, ClickOutResult } from '../../shared/contract/entities';
import { Answer } from '../../shared/contract/envelopes';
import { recordClickOutPath } from '../../shared/contract/queries/index';
import { findCoupon } from '../db/repositories/coupons';
import { ApiError } from '../plugins/api-error';
import { tenantOf } from '../plugins/tenancy';
import { recordShopperEvent, type ExperimentDeps } from '../site/experiments';

// A click-out: the shopper leaves for the merchant (a redirect page going on, a reveal opening the merchant's tab). Its
// own record: record-visit's click type also adds to the store's visit_count. Recorded with the shopper's experiment
// variants (dd_ab cookie) for the A/B layouts' report; nothing is written for a shopper no experiment shows a variant.
export async function clickOutRoutes(app: FastifyInstance, deps: ExperimentDeps): Promise<void> {
  app.post<{ Body: ClickOutRequest }>(
    recordClickOutPath,
    {
      schema: {
        tags: ['activity'],
        summary:
          "Record a click-out (the shopper leaving for the coupon's merchant) with the shopper's A/B layout variants; visit counts are not touched",
        body: ClickOutRequest,
        response: responses(Answer(ClickOutResult)),
      },
    },
    async (req) => {
      if (!(await findCoupon(deps.db, tenantOf(req).id, req.body.coupon_id))) {
        throw new ApiError(404, 'Coupon not found.');
      }
      const experiments = await recordShopperEvent(req, deps, req.body.coupon_id, 'click');
      return { success: true, message: 'Click-out recorded.', data: { experiments } };
    },
  );
}
