import { Type } from '@sinclair/typebox';
import { common, IntegerUpTo, Settings } from '../../shared/contract/layout-common';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['home'],
  settings: Settings(
    {
      tabs: Type.Array(
        Settings({
          label: common('text'),
          source: common('storeSource'),
          randomVisitCounts: Type.Boolean({ default: false }),
        }),
        { minItems: 1, maxItems: 4 },
      ),
      /** 1-based. */
      initialTab: Type.Integer({ description: '1-based tab shown first.', minimum: 1, maximum: 4, default: 1 }),
      rows: Type.Integer({ minimum: 1, maximum: 10, default: 2 }),
      perRow: Type.Integer({ minimum: 1, maximum: 24, default: 12 }),
      visitCounts: Settings(
        {
          min: IntegerUpTo('1/max', { minimum: 0, default: 1000 }),
          max: Type.Integer({ minimum: 1, maximum: 100000000, default: 9999 }),
        },
        { description: 'Inclusive range of the random display-only visit counts.', default: {} },
      ),
    },
    {
      description:
        'Tabbed stores (Home Page Five): each tab shows rows x perRow stores of its source, linking to /store/{slug}. A tab with randomVisitCounts shows a random visit count per store, for display only.',
    },
  ),
});
