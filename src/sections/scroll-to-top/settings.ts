import { Type } from '@sinclair/typebox';
import { common, Settings } from '../../shared/contract/layout-common';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['footer'],
  settings: Settings(
    {
      thresholdPx: Type.Integer({ minimum: 0, maximum: 10000, default: 300 }),
      label: common('text', { default: 'Scroll to top' }),
    },
    {
      description:
        'A button that scrolls the page to the top; visible only when the page is scrolled beyond thresholdPx.',
    },
  ),
});
