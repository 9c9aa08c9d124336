import { Type } from '@sinclair/typebox';
import { common, Settings } from '../../shared/contract/layout-common';
import { StringEnum } from '../../shared/contract/schema-kit';
import { declareSection } from '../../shared/contract/sections/declare';

// The document kinds this section type fits and its settings, with their defaults and description;
// `npm run schemas:write` writes schemas/sections/<folder name>.schema.json from them.
export default declareSection({
  kinds: ['footer'],
  settings: Settings(
    {
      style: StringEnum(['one', 'two', 'three', 'four', 'default']),
      showLogo: Type.Boolean({ default: true }),
      aboutTitle: common('text', { default: 'About us' }),
      privacyLink: common('link', { default: { label: 'Privacy Policy', to: '/privacypolicy' } }),
      storesTitle: common('text', { default: 'Stores' }),
      storesMax: Type.Integer({ minimum: 0, maximum: 50, default: 10 }),
      categoriesTitle: common('text', { default: 'Categories' }),
      categoriesCount: Type.Integer({ minimum: 0, maximum: 20, default: 4 }),
      contactTitle: common('text', { default: 'Contact us' }),
      showContact: Type.Boolean({ default: true }),
      showFooterText: Type.Boolean({ default: true }),
      paymentLogos: Type.Boolean({ default: false }),
    },
    {
      description:
        'The footer: logo, about text (domain footer_about_us), Privacy Policy link, up to storesMax common stores (archived and paused stores excluded, each to /store/{slug}), the first categoriesCount categories (each to /category/{category}), contact email, phone and address, the domain footer_text and, in the default footer, payment logos. style picks the look of variant One to Four or the default. 0 hides a list.',
    },
  ),
});
