import { Type } from '@sinclair/typebox';
import { common, Settings } from '../../shared/contract/layout-common';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['email'],
  settings: Settings(
    {
      text: Type.Optional(common('longText')),
      unsubscribeLabel: common('text', { default: 'Unsubscribe' }),
      showContact: Type.Boolean({ default: true }),
    },
    {
      description:
        "The digest's footer: optional text, the one-click unsubscribe link of the recipient, and (showContact) the tenant's contact email and address from its domain data.",
    },
  ),
});
