import { Type } from '@sinclair/typebox';
import { common, Settings } from '../../shared/contract/layout-common';
import { declareSection, sectionRef } from '../../shared/contract/sections/declare';
import newsletter from '../newsletter/settings';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['home'],
  settings: Settings(
    {
      heading: common('text', { default: 'Top Deals' }),
      tagline: common('text', { default: 'Find the top deals from the best stores.' }),
      source: common('dealSource', { default: 'recommended' }),
      count: Type.Integer({ minimum: 1, maximum: 50, default: 9 }),
      nameCut: common('cut', { default: 70 }),
      tagCut: common('cut', { default: 28 }),
      ellipsis: common('ellipsis', { default: '...' }),
      expiryLabel: common('text', { default: 'Expiry Date' }),
      expiryChars: common('expiryChars', { default: 10 }),
      badge: common('text', { default: 'Limited time deal' }),
      buttonLabel: common('text', { default: 'Show code' }),
      banner: common('rotatingBanner', { default: {} }),
      verificationBadge: Type.Boolean({
        description:
          "Issue 13: a short line under each card's badge with shoppers' votes (e.g. 82% worked, Not yet verified, Reported not working).",
        default: true,
      }),
      newsletter: Type.Optional(
        sectionRef('newsletter', newsletter.settings, {
          description: 'The newsletter box beside the heading; none when absent.',
        }),
      ),
    },
    {
      description:
        'Home Page Five: heading and tagline, an optional newsletter box, a rotating banner and up to count deal cards (store image, store name or category cut to tagCut, expiry label and first expiryChars characters of expiry_date, name cut to nameCut, badge, button opening the coupon reveal).',
    },
  ),
});
