import { Type } from '@sinclair/typebox';
import { common, Settings } from '../../shared/contract/layout-common';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['home', 'header', 'footer'],
  settings: Settings(
    {
      dimension: common('bannerDimension'),
      source: common('bannerSource', { default: 'ad' }),
      /** null: no autoplay. */
      autoplayMs: common('autoplayMs', { default: 2000 }),
      transitionMs: common('transitionMs', { default: 500 }),
      loop: Type.Boolean({ default: true }),
      dots: Type.Boolean({ default: true }),
      slidesPerView: Type.Integer({ minimum: 1, maximum: 6, default: 1 }),
    },
    {
      description:
        'A carousel of banners of one dimension (SPEC §2/§4: autoplay 2000 ms, transition 500 ms, infinite, dots; the default home layout turns autoplay off and shows one slide at a time).',
    },
  ),
});
