import type { ComponentType } from 'react';
import type { Atom } from 'jotai';
import type { SectionSettingsByType, SectionType } from '../../shared/layout/types';

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

/**
 * What a section module exports (as its default): the component that draws section type T and the data it needs (a
 * jotai query atom factory), both typed by the contract's settings of T. A component written for other settings does
 * not compile.
 */
export interface SectionDefinition<T extends SectionType, D> {
  readonly type: T;
  readonly component: ComponentType<SectionProps<SectionSettingsByType[T], D>>;
  readonly data?: (settings: SectionSettingsByType[T], context: SectionContext) => Atom<D>;
}

/** A definition of any section type: the union, over the contract's section types, of each type's definition. */
export type AnySectionDefinition = { [T in SectionType]: SectionDefinition<T, any> }[SectionType]; // eslint-disable-line @typescript-eslint/no-explicit-any -- each section's data is its own

/** The definition of section type `type`: what every `*.section.tsx` module exports as its default. */
export function defineSection<T extends SectionType, D = never>(
  type: T,
  definition: Omit<SectionDefinition<T, D>, 'type'>,
): SectionDefinition<T, D> {
  return { type, ...definition };
}

/** A registry entry: a section type's definition, whose module loads on demand. */
export interface SectionEntry {
  /** The definition once its module has loaded (then a section draws without suspending), else null. */
  loaded(): AnySectionDefinition | null;
  /** Starts (or joins) the load of the module; a failed load may be tried again. */
  load(): Promise<AnySectionDefinition>;
}

/** Section type → entry. The engine knows this shape, never a concrete section. */
export type SectionRegistry = Readonly<Record<string, SectionEntry | undefined>>;
