import { Type } from '@sinclair/typebox';
import { common, Settings } from '../../shared/contract/layout-common';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['header'],
  settings: Settings(
    {
      items: Type.Array(Settings({ label: common('text'), to: Type.Optional(common('route')) }), {
        minItems: 1,
        maxItems: 6,
      }),
      allCategories: common('link', { default: { label: 'All categories', to: '/categories' } }),
    },
    {
      description:
        'Header variant Two: a strip of promotional texts (each optionally a link) and an All categories link.',
    },
  ),
});
