import { Type } from '@sinclair/typebox';
import { common, Settings } from '../../shared/contract/layout-common';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['email'],
  settings: Settings(
    { heading: Type.Optional(common('text')), text: common('longText') },
    { description: 'A heading (optional) and a paragraph of plain text at the top of the digest.' },
  ),
});
