import { common, Settings } from '../../shared/contract/layout-common';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['email'],
  settings: Settings(
    {
      dimension: common('bannerDimension', { default: '728 * 90' }),
      source: common('bannerSource', { default: 'ad' }),
    },
    {
      description:
        "One banner of the tenant (the first of its source and dimension). It links to the banner's store page on the tenant's site when it has a store, else it is shown without a link: a digest never links to a merchant directly.",
    },
  ),
});
