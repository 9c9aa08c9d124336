import { Type } from '@sinclair/typebox';
import { common, Settings } from '../../shared/contract/layout-common';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['home'],
  settings: Settings(
    {
      title: Type.Optional(common('text')),
      placeholder: common('text', { default: 'Search Category' }),
      listHeightPx: Type.Integer({ minimum: 100, maximum: 2000, default: 331 }),
      showCount: Type.Boolean({ default: true }),
      /** Contains '{category}'. */
      linkPattern: Type.String({
        pattern: '^/[^\\s]*\\{category\\}[^\\s]*$',
        maxLength: 200,
        default: '/category/{category}',
      }),
    },
    {
      description:
        'Category list with a live, case-insensitive substring filter; the list has a fixed height and scrolls. Each entry shows the category name (and count) and links to linkPattern with {category} replaced.',
    },
  ),
});
