import { Type } from '@sinclair/typebox';
import { common, Settings } from '../layout-common';
import { StringEnum } from '../schema-kit';
import type { SectionDeclaration } from './declare';
import { newsletter } from './newsletter';

// The header, footer and mobile footer documents' section types, sorted by type.

export const CHROME_SECTIONS = {
  'footer-link-columns': {
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
  },

  'footer-main': {
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
  },

  'header-bar': {
    kinds: ['header'],
    settings: Settings(
      {
        style: StringEnum(['one', 'two', 'three', 'default']),
        showLogo: Type.Boolean({ default: true }),
        links: common('links', { type: 'array', minItems: 1 }),
        searchPlaceholder: common('text', { default: 'Search stores and coupons' }),
        searchButtonLabel: common('text', { default: 'Search' }),
        searchRoute: common('route', { default: '/searchpage' }),
        useHeaderColor: Type.Boolean({ default: true }),
      },
      {
        description:
          "The header: logo, navigation links, a search box (Enter or the button stores the term and navigates to searchRoute) and a mobile menu toggle. style picks the look of variant One, Two, Three or the default. useHeaderColor paints the bar with the domain's header_color.",
      },
    ),
  },

  'mobile-footer-nav': {
    kinds: ['footer'],
    settings: Settings(
      { links: common('links', { type: 'array', minItems: 1 }) },
      { description: "The mobile footer's navigation links." },
    ),
  },

  newsletter: {
    kinds: ['home', 'footer'],
    settings: newsletter,
  },

  'promo-strip': {
    kinds: ['header'],
    settings: Settings(
      {
        items: Type.Array(Settings({ label: common('text'), to: Type.Optional(common('route')) }), {
          minItems: 1,
          maxItems: 6,
        }),
        allCategories: common('link', { default: { label: 'All categories', to: '/categories' } }),
      },
      {
        description:
          'Header variant Two: a strip of promotional texts (each optionally a link) and an All categories link.',
      },
    ),
  },

  'scroll-to-top': {
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
  },
} satisfies Record<string, SectionDeclaration>;
