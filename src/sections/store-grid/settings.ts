import { common } from '../../shared/contract/layout-common';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['home'],
  settings: common('storeList', {
    description:
      "Wrapping grid of store cards linking to /store/{slug}, with an optional label (e.g. upper-cased slug cut to 25) and card text (e.g. 'View all coupons'). Same settings as store-strip; only the presentation differs.",
  }),
});
