import { Type } from '@sinclair/typebox';
import { common, Settings } from '../../shared/contract/layout-common';
import { NullableInteger, StringEnum } from '../../shared/contract/schema-kit';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['home', 'footer'],
  settings: Settings(
    {
      variant: StringEnum(['hero', 'landing', 'compact']),
      heading: Type.Optional(common('text')),
      subheading: Type.Optional(common('text')),
      text: Type.Optional(common('longText')),
      note: Type.Optional(common('longText')),
      privacyNote: Type.Optional(common('longText')),
      placeholder: common('text', { default: 'Enter your email' }),
      buttonLabel: common('text', { default: 'Subscribe' }),
      invalidEmailMessage: common('text', { default: 'Please provide a valid email address.' }),
      /** null: no complete state after a successful subscription. */
      completeMs: NullableInteger({ minimum: 0, maximum: 60000, default: null }),
      banners: Type.Optional(
        Settings(
          {
            dimension: common('bannerDimension', { default: '300 * 250' }),
            source: common('bannerSource', { default: 'recommend' }),
            count: Type.Integer({ minimum: 1, maximum: 4, default: 2 }),
          },
          { description: 'Banners shown beside the form (landing: two 300 * 250).' },
        ),
      ),
    },
    {
      description:
        'Newsletter sign-up (POST /end-user/newsletter/email-subscribe). variant picks the look: hero (two headings and a no-spam note), landing (text, privacy note and banners beside the form), compact (a box inside another section, e.g. Home Page Five or stores-newsletter-row). Texts that are absent are not shown. completeMs: how long the complete state shows after success (null: no complete state).',
    },
  ),
});
