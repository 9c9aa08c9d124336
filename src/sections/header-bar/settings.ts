import { Type } from '@sinclair/typebox';
import { common, Settings } from '../../shared/contract/layout-common';
import { StringEnum } from '../../shared/contract/schema-kit';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['header'],
  settings: Settings(
    {
      style: StringEnum(['one', 'two', 'three', 'default']),
      showLogo: Type.Boolean({ default: true }),
      links: common('links', { type: 'array', minItems: 1 }),
      searchPlaceholder: common('text', { default: 'Search stores and coupons' }),
      searchButtonLabel: common('text', { default: 'Search' }),
      searchRoute: common('route', { default: '/searchpage' }),
      useHeaderColor: Type.Boolean({ default: true }),
    },
    {
      description:
        "The header: logo, navigation links, a search box (Enter or the button stores the term and navigates to searchRoute) and a mobile menu toggle. style picks the look of variant One, Two, Three or the default. useHeaderColor paints the bar with the domain's header_color.",
    },
  ),
});
