import { Type } from '@sinclair/typebox';
import { common, IntegerUpTo, Settings } from '../../shared/contract/layout-common';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['home'],
  settings: Settings(
    {
      source: common('dealSource'),
      title: Type.Optional(common('text')),
      collapsed: IntegerUpTo('1/expanded', { description: 'Cards shown before Show more.', minimum: 1 }),
      expanded: Type.Integer({
        description: 'Cards shown after Show more (the most the grid ever shows).',
        minimum: 1,
        maximum: 100,
      }),
      /** 1-based positions in the grid of cards and banners. */
      bannerPositions: Type.Array(Type.Integer({ minimum: 1, maximum: 110 }), {
        description: '1-based positions of banner cards in the grid.',
        maxItems: 10,
        uniqueItems: true,
        default: [],
      }),
      bannerDimension: common('bannerDimension', { default: '300 * 250' }),
      bannerSource: common('bannerSource', { default: 'recommend' }),
      bannersOnlyWhenAvailable: Type.Boolean({
        description: 'true: a position without a loaded banner is skipped; false: it keeps an empty banner card.',
        default: true,
      }),
      nameCut: common('cut', { default: 50 }),
      tagCut: common('cut', { default: 28 }),
      ellipsis: common('ellipsis', { default: '...' }),
      buttonLabel: common('text', { default: 'Show code' }),
      showMoreLabel: common('text', { default: 'Show more' }),
      showLessLabel: common('text', { default: 'Show less' }),
      verificationBadge: Type.Boolean({
        description:
          "Issue 13: a short line under each card's name with shoppers' votes (e.g. 82% worked, Not yet verified, Reported not working).",
        default: true,
      }),
    },
    {
      description:
        'Coupon cards with Show more / Show less between collapsed and expanded cards (equal values = a fixed list, no toggle). Promotional banner cards are inserted at 1-based positions of the combined grid; a position must be <= expanded + number of positions. Each card: store logo, tag (store name, or category cut to tagCut plus the ellipsis), name cut to nameCut, and a button opening the coupon reveal.',
    },
  ),
});
