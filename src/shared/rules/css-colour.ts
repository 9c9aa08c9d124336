/**
 * The only colours a data value may put in a `style` attribute or a theme-color <meta> (issue 18): #hex, or
 * rgb()/rgba()/hsl()/hsla() holding numbers only (digits, '.', '%', 'deg', spaces, ',', '/', signs), or a named colour
 * (letters only). None of these can hold ';', ':', '(' or a quote, so a value can never end its declaration, open a
 * `url(` or leave the attribute. The domain-data schema uses the same pattern.
 */
export const CSS_COLOUR_PATTERN =
  '^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|(rgb|rgba|hsl|hsla)\\(([0-9.,%/ +-]|deg){1,60}\\)|[a-zA-Z]{3,30})$';

const COLOUR = new RegExp(CSS_COLOUR_PATTERN);

/** The colour, trimmed, when it passes the rule; null otherwise (the caller falls back to its default colour). */
export function cssColour(value: string | null | undefined): string | null {
  const v = typeof value === 'string' ? value.trim() : '';
  return COLOUR.test(v) ? v : null;
}
