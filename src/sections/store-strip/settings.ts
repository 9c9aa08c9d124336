import { common } from '../../shared/contract/layout-common';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['home'],
  settings: common('storeList', {
    description:
      'One horizontal row of store logos linking to /store/{slug} (a broken logo falls back to the placeholder), optionally followed by a link tile. Same settings as store-grid; only the presentation differs.',
  }),
});
