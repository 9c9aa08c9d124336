import { Type } from '@sinclair/typebox';
import { common, Settings } from '../../shared/contract/layout-common';
import { StringEnum } from '../../shared/contract/schema-kit';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['home'],
  settings: Settings(
    {
      title: Type.Optional(common('text')),
      source: common('dealSource', { default: 'recommended' }),
      fetchLimit: Type.Integer({ minimum: 1, maximum: 100, default: 18 }),
      grids: Type.Array(
        Settings({
          offset: Type.Integer({ minimum: 0, maximum: 99, default: 0 }),
          count: Type.Integer({ minimum: 1, maximum: 50 }),
          action: StringEnum(['redirect-step', 'new-tab']),
        }),
        { minItems: 1, maxItems: 4 },
      ),
      banner: common('rotatingBanner', { default: {} }),
      buttonLabel: common('text', { default: 'Visit offer' }),
      nameCut: common('cut', { default: 70 }),
      tagCut: common('cut', { default: 28 }),
      ellipsis: common('ellipsis', { default: '...' }),
      expiryLabel: Type.Optional(
        common('text', { description: 'Text before the expiry date; the date alone when absent.' }),
      ),
      expiryChars: common('expiryChars', { default: 10 }),
      verificationBadge: Type.Boolean({
        description:
          "Issue 13: a short line with shoppers' votes on each card. Off by default: the landing card (SPEC 2, names of 70 characters in two dense grids of 9) has no room for it.",
        default: false,
      }),
    },
    {
      description:
        'Landing layout: a rotating vertical banner beside grids of deal cards cut from one fetched list. Each grid takes count cards from offset (0-based) and must fit inside fetchLimit. Button action redirect-step stores the chosen coupon and shows the redirect step; new-tab records the visit and opens /couponsredirect/coupon/{storeSlugOrName}/{couponId} in a new tab.',
    },
  ),
});
