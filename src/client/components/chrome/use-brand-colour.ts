import { useLayoutEffect, useMemo, type CSSProperties } from 'react';
import { readableInk } from './contrast';

/**
 * Sets the tenant's header_color as --brand (and a readable --brand-contrast) on :root while the header is shown,
 * so every section can use the brand; the stylesheet's defaults come back when the header goes (e.g. /mr).
 * Returns the same variables as an inline style for the header itself, so its first paint is already branded.
 */
export function useBrandColour(colour: string | null | undefined, enabled: boolean): CSSProperties | undefined {
  const value = enabled && colour?.trim() ? colour.trim() : null;
  const ink = useMemo(() => (value ? readableInk(value) : null), [value]);
  // Layout effect: the rest of the page picks the colour up before it paints, not one frame later.
  useLayoutEffect(() => {
    if (!value || !ink) return;
    const root = document.documentElement.style;
    const before = { brand: root.getPropertyValue('--brand'), contrast: root.getPropertyValue('--brand-contrast') };
    root.setProperty('--brand', value);
    root.setProperty('--brand-contrast', ink);
    return () => {
      restore(root, '--brand', before.brand);
      restore(root, '--brand-contrast', before.contrast);
    };
  }, [value, ink]);
  return useMemo(() => (value && ink ? ({ '--brand': value, '--brand-contrast': ink } as CSSProperties) : undefined), [value, ink]);
}

function restore(style: CSSStyleDeclaration, name: string, previous: string): void {
  if (previous) style.setProperty(name, previous);
  else style.removeProperty(name);
}
