import { Type } from '@sinclair/typebox';
import { common, Settings } from '../../shared/contract/layout-common';
import { NullableInteger } from '../../shared/contract/schema-kit';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['home', 'footer'],
  settings: Settings(
    {
      dimension: common('bannerDimension', { default: '1480 * 630' }),
      source: common('bannerSource', { default: 'ad' }),
      perRow: Type.Integer({ minimum: 1, maximum: 4, default: 2 }),
      /** null: every banner. */
      limit: NullableInteger({ minimum: 1, maximum: 50, default: null }),
    },
    {
      description:
        'Banners of one dimension laid out perRow to a row (Home Page Five: 1480 * 630 ad banners in pairs). limit caps the number of banners; null shows all.',
    },
  ),
});
