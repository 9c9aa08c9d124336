import { common, Settings } from '../../shared/contract/layout-common';
import { StringEnum } from '../../shared/contract/schema-kit';
import { declareSection, sectionRef } from '../../shared/contract/sections/declare';
import newsletter from '../newsletter/settings';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['home'],
  settings: Settings(
    {
      stores: common('storeList'),
      newsletter: sectionRef('newsletter', newsletter.settings),
      newsletterSide: StringEnum(['start', 'end'], { default: 'end' }),
    },
    {
      description:
        "Composite row of Home Page Three/Four: a store strip ('Newly added stores', 5 plus a 'Go to new stores' tile) with a newsletter box beside it. A composite type rather than a placement, so the pair always renders together; its stores follow the store-strip rules (offset + count <= fetchLimit).",
    },
  ),
});
