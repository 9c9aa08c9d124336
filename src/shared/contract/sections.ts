import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { common, IntegerUpTo, Settings, type RefKeywords } from './layout-common';
import { NullableInteger, StringEnum } from './schema-kit';
import type { LayoutKind } from './values';

// Every section type of the layout documents, declared once: its settings (schemas/sections/<type>.schema.json is
// written from them by `npm run schemas:write`, their TypeScript type is Static<>, see src/shared/layout/types.ts) and
// the document kinds it may be used in. The type enum and the if/then of schemas/layout.schema.json, the browser's
// validators and the kinds its renderer checks all come from SECTIONS.
//
// A new section type is one entry here (plus its component under src/client/sections and its tests). The settings
// follow layout-common.ts: a setting with a default is declared required (it is there after validation), one that may
// stay absent is Type.Optional; common('text') refers to a definition of schemas/common.schema.json.

/** The document kinds a section type may be used in: at least one. */
type Kinds = readonly [LayoutKind, ...LayoutKind[]];
type SectionDeclaration = { kinds: Kinds; settings: TSchema };

/** A setting that is another section type's settings, as `{ $ref: '<type>.schema.json' }`. */
const sectionRef = <S extends TSchema>(type: string, _settings: S, keywords: RefKeywords = {}): TUnsafe<Static<S>> =>
  Type.Unsafe<Static<S>>({ $ref: `${type}.schema.json`, ...keywords });

// Declared before the table: top-deals and stores-newsletter-row hold a newsletter box.
const newsletter = Settings(
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
);

/** Every section type, keyed by the `type` of its sections; sorted by type. */
export const SECTIONS = {
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

type SectionType = keyof typeof SECTIONS;

/** Every section type, sorted (the enum of schemas/layout.schema.json). */
export const SECTION_TYPES: readonly SectionType[] = (Object.keys(SECTIONS) as SectionType[]).sort();

/** Which document kinds may hold each section type. */
export const SECTION_KINDS: Readonly<Record<SectionType, Kinds>> = (() => {
  const kinds = {} as Record<SectionType, Kinds>;
  for (const type of SECTION_TYPES) kinds[type] = SECTIONS[type].kinds;
  return kinds;
})();
