import { Type } from '@sinclair/typebox';
import { common, IntegerUpTo, Settings } from '../layout-common';
import { NullableInteger, StringEnum } from '../schema-kit';
import { type SectionDeclaration, sectionRef } from './declare';
import { newsletter } from './newsletter';

// The home documents' section types (some also fit other kinds: see each `kinds`), sorted by type.

export const HOME_SECTIONS = {
  'affiliate-disclosure': {
    kinds: ['home'],
    settings: Settings(
      {},
      {
        description:
          "The FTC-style affiliate disclosure (issue 13): one line of plain text, the tenant's domain data affiliate_disclosure or the default. Place it next to the home's offers.",
      },
    ),
  },
  'banner-carousel': {
    kinds: ['home', 'header', 'footer'],
    settings: Settings(
      {
        dimension: common('bannerDimension'),
        source: common('bannerSource', { default: 'ad' }),
        /** null: no autoplay. */
        autoplayMs: common('autoplayMs', { default: 2000 }),
        transitionMs: common('transitionMs', { default: 500 }),
        loop: Type.Boolean({ default: true }),
        dots: Type.Boolean({ default: true }),
        slidesPerView: Type.Integer({ minimum: 1, maximum: 6, default: 1 }),
      },
      {
        description:
          'A carousel of banners of one dimension (SPEC §2/§4: autoplay 2000 ms, transition 500 ms, infinite, dots; the default home layout turns autoplay off and shows one slide at a time).',
      },
    ),
  },

  'banner-pairs': {
    kinds: ['home', 'footer'],
    settings: Settings(
      {
        dimension: common('bannerDimension', { default: '1480 * 630' }),
        source: common('bannerSource', { default: 'ad' }),
        perRow: Type.Integer({ minimum: 1, maximum: 4, default: 2 }),
        /** null: every banner. */
        limit: NullableInteger({ minimum: 1, maximum: 50, default: null }),
      },
      {
        description:
          'Banners of one dimension laid out perRow to a row (Home Page Five: 1480 * 630 ad banners in pairs). limit caps the number of banners; null shows all.',
      },
    ),
  },

  'category-sidebar': {
    kinds: ['home'],
    settings: Settings(
      {
        title: Type.Optional(common('text')),
        placeholder: common('text', { default: 'Search Category' }),
        listHeightPx: Type.Integer({ minimum: 100, maximum: 2000, default: 331 }),
        showCount: Type.Boolean({ default: true }),
        /** Contains '{category}'. */
        linkPattern: Type.String({
          pattern: '^/[^\\s]*\\{category\\}[^\\s]*$',
          maxLength: 200,
          default: '/category/{category}',
        }),
      },
      {
        description:
          'Category list with a live, case-insensitive substring filter; the list has a fixed height and scrolls. Each entry shows the category name (and count) and links to linkPattern with {category} replaced.',
      },
    ),
  },

  'deal-grid': {
    kinds: ['home'],
    settings: Settings(
      {
        source: common('dealSource'),
        title: Type.Optional(common('text')),
        collapsed: IntegerUpTo('1/expanded', { description: 'Cards shown before Show more.', minimum: 1 }),
        expanded: Type.Integer({
          description: 'Cards shown after Show more (the most the grid ever shows).',
          minimum: 1,
          maximum: 100,
        }),
        /** 1-based positions in the grid of cards and banners. */
        bannerPositions: Type.Array(Type.Integer({ minimum: 1, maximum: 110 }), {
          description: '1-based positions of banner cards in the grid.',
          maxItems: 10,
          uniqueItems: true,
          default: [],
        }),
        bannerDimension: common('bannerDimension', { default: '300 * 250' }),
        bannerSource: common('bannerSource', { default: 'recommend' }),
        bannersOnlyWhenAvailable: Type.Boolean({
          description: 'true: a position without a loaded banner is skipped; false: it keeps an empty banner card.',
          default: true,
        }),
        nameCut: common('cut', { default: 50 }),
        tagCut: common('cut', { default: 28 }),
        ellipsis: common('ellipsis', { default: '...' }),
        buttonLabel: common('text', { default: 'Show code' }),
        showMoreLabel: common('text', { default: 'Show more' }),
        showLessLabel: common('text', { default: 'Show less' }),
        verificationBadge: Type.Boolean({
          description:
            "Issue 13: a short line under each card's name with shoppers' votes (e.g. 82% worked, Not yet verified, Reported not working).",
          default: true,
        }),
      },
      {
        description:
          'Coupon cards with Show more / Show less between collapsed and expanded cards (equal values = a fixed list, no toggle). Promotional banner cards are inserted at 1-based positions of the combined grid; a position must be <= expanded + number of positions. Each card: store logo, tag (store name, or category cut to tagCut plus the ellipsis), name cut to nameCut, and a button opening the coupon reveal.',
      },
    ),
  },

  // The weekly digest (issue 14): sections of email documents, drawn on the server as email-safe HTML and text.
  'hero-sliders': {
    kinds: ['home'],
    settings: Settings(
      {
        order: StringEnum(['large-first', 'small-first'], { default: 'large-first' }),
        large: Settings(
          {
            source: common('bannerSource', { default: 'ad' }),
            dimension: common('bannerDimension', { default: '1480 * 630' }),
          },
          { default: {} },
        ),
        small: Settings(
          {
            source: common('bannerSource', { default: 'recommend' }),
            dimension: common('bannerDimension', { default: '300 * 250' }),
          },
          { default: {} },
        ),
        autoplayMs: common('autoplayMs', { default: 2000 }),
        transitionMs: common('transitionMs', { default: 500 }),
        loop: Type.Boolean({ default: true }),
        dots: Type.Boolean({ default: true }),
      },
      {
        description:
          'Two banner sliders side by side (SPEC §2 hero layout: 1480 * 630 next to 300 * 250; Three/Four: the 300 * 250 recommend slider first). Clicking a banner opens its redirect address in a new tab.',
      },
    ),
  },

  'recommended-deals': {
    kinds: ['home'],
    settings: Settings(
      {
        title: Type.Optional(common('text')),
        source: common('dealSource', { default: 'recommended' }),
        fetchLimit: Type.Integer({ minimum: 1, maximum: 100, default: 18 }),
        grids: Type.Array(
          Settings({
            offset: Type.Integer({ minimum: 0, maximum: 99, default: 0 }),
            count: Type.Integer({ minimum: 1, maximum: 50 }),
            action: StringEnum(['redirect-step', 'new-tab']),
          }),
          { minItems: 1, maxItems: 4 },
        ),
        banner: common('rotatingBanner', { default: {} }),
        buttonLabel: common('text', { default: 'Visit offer' }),
        nameCut: common('cut', { default: 70 }),
        tagCut: common('cut', { default: 28 }),
        ellipsis: common('ellipsis', { default: '...' }),
        expiryLabel: Type.Optional(
          common('text', { description: 'Text before the expiry date; the date alone when absent.' }),
        ),
        expiryChars: common('expiryChars', { default: 10 }),
        verificationBadge: Type.Boolean({
          description:
            "Issue 13: a short line with shoppers' votes on each card. Off by default: the landing card (SPEC 2, names of 70 characters in two dense grids of 9) has no room for it.",
          default: false,
        }),
      },
      {
        description:
          'Landing layout: a rotating vertical banner beside grids of deal cards cut from one fetched list. Each grid takes count cards from offset (0-based) and must fit inside fetchLimit. Button action redirect-step stores the chosen coupon and shows the redirect step; new-tab records the visit and opens /couponsredirect/coupon/{storeSlugOrName}/{couponId} in a new tab.',
      },
    ),
  },

  'store-grid': {
    kinds: ['home'],
    settings: common('storeList', {
      description:
        "Wrapping grid of store cards linking to /store/{slug}, with an optional label (e.g. upper-cased slug cut to 25) and card text (e.g. 'View all coupons'). Same settings as store-strip; only the presentation differs.",
    }),
  },

  'store-strip': {
    kinds: ['home'],
    settings: common('storeList', {
      description:
        'One horizontal row of store logos linking to /store/{slug} (a broken logo falls back to the placeholder), optionally followed by a link tile. Same settings as store-grid; only the presentation differs.',
    }),
  },

  'store-tabs': {
    kinds: ['home'],
    settings: Settings(
      {
        tabs: Type.Array(
          Settings({
            label: common('text'),
            source: common('storeSource'),
            randomVisitCounts: Type.Boolean({ default: false }),
          }),
          { minItems: 1, maxItems: 4 },
        ),
        /** 1-based. */
        initialTab: Type.Integer({ description: '1-based tab shown first.', minimum: 1, maximum: 4, default: 1 }),
        rows: Type.Integer({ minimum: 1, maximum: 10, default: 2 }),
        perRow: Type.Integer({ minimum: 1, maximum: 24, default: 12 }),
        visitCounts: Settings(
          {
            min: IntegerUpTo('1/max', { minimum: 0, default: 1000 }),
            max: Type.Integer({ minimum: 1, maximum: 100000000, default: 9999 }),
          },
          { description: 'Inclusive range of the random display-only visit counts.', default: {} },
        ),
      },
      {
        description:
          'Tabbed stores (Home Page Five): each tab shows rows x perRow stores of its source, linking to /store/{slug}. A tab with randomVisitCounts shows a random visit count per store, for display only.',
      },
    ),
  },

  'stores-newsletter-row': {
    kinds: ['home'],
    settings: Settings(
      {
        stores: common('storeList'),
        newsletter: sectionRef('newsletter', newsletter),
        newsletterSide: StringEnum(['start', 'end'], { default: 'end' }),
      },
      {
        description:
          "Composite row of Home Page Three/Four: a store strip ('Newly added stores', 5 plus a 'Go to new stores' tile) with a newsletter box beside it. A composite type rather than a placement, so the pair always renders together; its stores follow the store-strip rules (offset + count <= fetchLimit).",
      },
    ),
  },

  'top-deals': {
    kinds: ['home'],
    settings: Settings(
      {
        heading: common('text', { default: 'Top Deals' }),
        tagline: common('text', { default: 'Find the top deals from the best stores.' }),
        source: common('dealSource', { default: 'recommended' }),
        count: Type.Integer({ minimum: 1, maximum: 50, default: 9 }),
        nameCut: common('cut', { default: 70 }),
        tagCut: common('cut', { default: 28 }),
        ellipsis: common('ellipsis', { default: '...' }),
        expiryLabel: common('text', { default: 'Expiry Date' }),
        expiryChars: common('expiryChars', { default: 10 }),
        badge: common('text', { default: 'Limited time deal' }),
        buttonLabel: common('text', { default: 'Show code' }),
        banner: common('rotatingBanner', { default: {} }),
        verificationBadge: Type.Boolean({
          description:
            "Issue 13: a short line under each card's badge with shoppers' votes (e.g. 82% worked, Not yet verified, Reported not working).",
          default: true,
        }),
        newsletter: Type.Optional(
          sectionRef('newsletter', newsletter, {
            description: 'The newsletter box beside the heading; none when absent.',
          }),
        ),
      },
      {
        description:
          'Home Page Five: heading and tagline, an optional newsletter box, a rotating banner and up to count deal cards (store image, store name or category cut to tagCut, expiry label and first expiryChars characters of expiry_date, name cut to nameCut, badge, button opening the coupon reveal).',
      },
    ),
  },
} satisfies Record<string, SectionDeclaration>;
