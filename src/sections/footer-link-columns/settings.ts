import { Type } from '@sinclair/typebox';
import { common, Settings } from '../../shared/contract/layout-common';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['footer'],
  settings: Settings(
    {
      columns: Type.Array(
        Settings({
          title: common('text'),
          links: common('links', { default: [] }),
          showContact: Type.Boolean({ default: false }),
        }),
        { minItems: 1, maxItems: 6 },
      ),
    },
    {
      description:
        "A footer of titled columns; each column lists links and/or the domain's contact email, phone and address.",
    },
  ),
});
