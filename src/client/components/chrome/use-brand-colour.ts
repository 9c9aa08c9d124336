import { useLayoutEffect, useMemo, type CSSProperties } from 'react';
import { cssColour } from '../../../shared/rules/css-colour';
import { brandTextColour, readableInk } from './contrast';

/**
 * Sets the tenant's header_color as --brand (with a readable --brand-contrast ink on it, and --brand-text: the brand
 * as text on light surfaces, darkened when it would fail WCAG AA) on :root while the header is shown,
 * so every section can use the brand; the stylesheet's defaults come back when the header goes (e.g. /mr).
 * Returns the same variables as an inline style for the header itself, so its first paint is already branded.
 */
export function useBrandColour(colour: string | null | undefined, enabled: boolean): CSSProperties | undefined {
  // Only a colour that passes the strict rule reaches the style attribute (issue 18); anything else: the default colour.
  const value = enabled ? cssColour(colour) : null;
  const ink = useMemo(() => (value ? readableInk(value) : null), [value]);
  const text = useMemo(() => (value ? brandTextColour(value) : null), [value]);
  // Layout effect: the rest of the page picks the colour up before it paints, not one frame later.
  useLayoutEffect(() => {
    if (!value || !ink || !text) return;
    const root = document.documentElement.style;
    const before = {
      brand: root.getPropertyValue('--brand'),
      contrast: root.getPropertyValue('--brand-contrast'),
      text: root.getPropertyValue('--brand-text'),
    };
    root.setProperty('--brand', value);
    root.setProperty('--brand-contrast', ink);
    root.setProperty('--brand-text', text);
    return () => {
      restore(root, '--brand', before.brand);
      restore(root, '--brand-contrast', before.contrast);
      restore(root, '--brand-text', before.text);
    };
  }, [value, ink, text]);
  return useMemo(
    () =>
      value && ink && text
        ? ({ '--brand': value, '--brand-contrast': ink, '--brand-text': text } as CSSProperties)
        : undefined,
    [value, ink, text],
  );
}

function restore(style: CSSStyleDeclaration, name: string, previous: string): void {
  if (previous) style.setProperty(name, previous);
  else style.removeProperty(name);
}
