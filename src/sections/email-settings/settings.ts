import { Type } from '@sinclair/typebox';
import { common, Settings } from '../../shared/contract/layout-common';
import { StringEnum } from '../../shared/contract/schema-kit';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['email'],
  settings: Settings(
    {
      subject: common('text', { default: 'This week’s best deals' }),
      preheader: Type.Optional(common('text')),
      day: StringEnum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], {
        default: 'monday',
      }),
      hour: Type.Integer({ description: 'Hour of the day, UTC.', minimum: 0, maximum: 23, default: 8 }),
    },
    {
      description:
        "The digest's subject, its preview text (preheader) and when the weekly schedule sends it (day and hour, UTC). Draws nothing; the first one of a document counts.",
    },
  ),
});
