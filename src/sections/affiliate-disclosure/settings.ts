import { Settings } from '../../shared/contract/layout-common';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['home'],
  settings: Settings(
    {},
    {
      description:
        "The FTC-style affiliate disclosure (issue 13): one line of plain text, the tenant's domain data affiliate_disclosure or the default. Place it next to the home's offers.",
    },
  ),
});
