// Its own module so rich-text (first load) and rich-html (lazy) do not import each other.

/** Inline formatting only: coupon copy may bold a price, never bring a link, form, frame, style or script. */
export const ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'u', 'br', 'span', 'small', 'sup', 'sub', 'mark'] as const;
