import { Type } from '@sinclair/typebox';
import { common, Settings } from '../layout-common';
import { StringEnum } from '../schema-kit';
import type { SectionDeclaration } from './declare';

// The email documents' section types (the digest and the store alerts), sorted by type.

export const EMAIL_SECTIONS = {
  'email-banner': {
    kinds: ['email'],
    settings: Settings(
      {
        dimension: common('bannerDimension', { default: '728 * 90' }),
        source: common('bannerSource', { default: 'ad' }),
      },
      {
        description:
          "One banner of the tenant (the first of its source and dimension). It links to the banner's store page on the tenant's site when it has a store, else it is shown without a link: a digest never links to a merchant directly.",
      },
    ),
  },
  'email-footer': {
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
  },
  'email-intro': {
    kinds: ['email'],
    settings: Settings(
      { heading: Type.Optional(common('text')), text: common('longText') },
      { description: 'A heading (optional) and a paragraph of plain text at the top of the digest.' },
    ),
  },
  'email-new-stores': {
    kinds: ['email'],
    settings: Settings(
      {
        heading: common('text', { default: 'Newly added stores' }),
        count: Type.Integer({ minimum: 1, maximum: 24, default: 6 }),
        nameCut: common('cut', { default: 25 }),
        ellipsis: common('ellipsis', { default: '...' }),
      },
      {
        description:
          "The tenant's newest published stores (not archived or paused), count of them, each name cut to nameCut and linking to /store/{slug} on the tenant's site.",
      },
    ),
  },
  'email-settings': {
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
  },
  'email-top-deals': {
    kinds: ['email'],
    settings: Settings(
      {
        heading: common('text', { default: 'Top deals this week' }),
        count: Type.Integer({ minimum: 1, maximum: 30, default: 6 }),
        nameCut: common('cut', { default: 70 }),
        descriptionCut: common('cut', { default: 120 }),
        ellipsis: common('ellipsis', { default: '...' }),
        buttonLabel: common('text', { default: 'Get this deal' }),
      },
      {
        description:
          "Live offers only (unexpired, of published stores), recommended ones first, then the newest: count of them, name cut to nameCut, description to descriptionCut. Every link goes through the tenant's own redirect route /couponsredirect/coupon/{store}/{id}, never to the merchant directly.",
      },
    ),
  },
} satisfies Record<string, SectionDeclaration>;
