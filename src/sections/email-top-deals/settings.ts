import { Type } from '@sinclair/typebox';
import { common, Settings } from '../../shared/contract/layout-common';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['email'],
  settings: Settings(
    {
      heading: common('text', { default: 'Top deals this week' }),
      count: Type.Integer({ minimum: 1, maximum: 30, default: 6 }),
      nameCut: common('cut', { default: 70 }),
      descriptionCut: common('cut', { default: 120 }),
      ellipsis: common('ellipsis', { default: '...' }),
      buttonLabel: common('text', { default: 'Get this deal' }),
    },
    {
      description:
        "Live offers only (unexpired, of published stores), recommended ones first, then the newest: count of them, name cut to nameCut, description to descriptionCut. Every link goes through the tenant's own redirect route /couponsredirect/coupon/{store}/{id}, never to the merchant directly.",
    },
  ),
});
