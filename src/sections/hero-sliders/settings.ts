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
      order: StringEnum(['large-first', 'small-first'], { default: 'large-first' }),
      large: Settings(
        {
          source: common('bannerSource', { default: 'ad' }),
          dimension: common('bannerDimension', { default: '1480 * 630' }),
        },
        { default: {} },
      ),
      small: Settings(
        {
          source: common('bannerSource', { default: 'recommend' }),
          dimension: common('bannerDimension', { default: '300 * 250' }),
        },
        { default: {} },
      ),
      autoplayMs: common('autoplayMs', { default: 2000 }),
      transitionMs: common('transitionMs', { default: 500 }),
      loop: Type.Boolean({ default: true }),
      dots: Type.Boolean({ default: true }),
    },
    {
      description:
        'Two banner sliders side by side (SPEC §2 hero layout: 1480 * 630 next to 300 * 250; Three/Four: the 300 * 250 recommend slider first). Clicking a banner opens its redirect address in a new tab.',
    },
  ),
});
