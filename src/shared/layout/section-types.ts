import type { LayoutKind, SectionType } from './types';

// Which document kinds may hold each section type; the record type forces an entry for every type.
export const SECTION_KINDS: Readonly<Record<SectionType, readonly LayoutKind[]>> = {
  'hero-sliders': ['home'],
  'banner-carousel': ['home', 'header', 'footer'],
  'store-strip': ['home'],
  'store-grid': ['home'],
  'store-tabs': ['home'],
  'deal-grid': ['home'],
  'recommended-deals': ['home'],
  'top-deals': ['home'],
  'banner-pairs': ['home', 'footer'],
  'category-sidebar': ['home'],
  newsletter: ['home', 'footer'],
  'stores-newsletter-row': ['home'],
  'header-bar': ['header'],
  'promo-strip': ['header'],
  'footer-main': ['footer'],
  'scroll-to-top': ['footer'],
  'mobile-footer-nav': ['footer'],
  'footer-link-columns': ['footer'],
};

/** Every section type, sorted; equals the enum of layout.schema.json (a unit test keeps them in step). */
export const SECTION_TYPES: readonly SectionType[] = (Object.keys(SECTION_KINDS) as SectionType[]).sort();

export function isSectionType(value: unknown): value is SectionType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(SECTION_KINDS, value);
}

/** The one message for a section type nobody registered; used by the Node checker and the browser renderer. */
export function unknownSectionTypeMessage(type: unknown): string {
  return `unknown section type ${JSON.stringify(type)}; known types: ${SECTION_TYPES.join(', ')}`;
}

export function missingSectionTypeMessage(): string {
  return `missing section type; known types: ${SECTION_TYPES.join(', ')}`;
}
