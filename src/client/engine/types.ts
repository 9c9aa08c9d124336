import type { ComponentType } from 'react';
import type { Atom } from 'jotai';

/** What every section may know about the page it is on. */
export interface SectionContext {
  host: string;
  assetBase: string;
  preview: boolean;
}

export interface SectionProps<S, D> {
  id: string;
  settings: S;
  /** The section's data atom, made once per section from its settings; null for sections without data. */
  data: Atom<D> | null;
  context: SectionContext;
}

/** A registry entry: the component that draws a section type and the data it needs (a jotai query atom factory). */
export interface SectionDefinition<S = never, D = never> {
  component: ComponentType<SectionProps<S, D>>;
  data?: (settings: S, context: SectionContext) => Atom<D>;
  /** Reserved height (px) while the section's data loads, so nothing shifts. */
  minHeight?: number;
}

/** Type → definition. The engine knows this shape, never a concrete section. */
export type SectionRegistry = Readonly<Record<string, SectionDefinition<never, never> | undefined>>;

/** Typed helper so each section declares its settings and data types once. */
export function defineSection<S, D = never>(definition: SectionDefinition<S, D>): SectionDefinition<never, never> {
  return definition as unknown as SectionDefinition<never, never>;
}
