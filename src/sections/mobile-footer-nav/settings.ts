import { common, Settings } from '../../shared/contract/layout-common';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['footer'],
  settings: Settings(
    { links: common('links', { type: 'array', minItems: 1 }) },
    { description: "The mobile footer's navigation links." },
  ),
});
