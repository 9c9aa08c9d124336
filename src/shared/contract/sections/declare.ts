import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';
import type { RefKeywords } from '../layout-common';
import type { LayoutKind } from '../values';

// What a section folder's settings.ts declares (src/sections/<type>/settings.ts): `export default declareSection(…)`.

/** The document kinds a section type may be used in: at least one. */
export type Kinds = readonly [LayoutKind, ...LayoutKind[]];
export type SectionDeclaration = { kinds: Kinds; settings: TSchema };

/** A section type's declaration, its types kept: the kinds it fits and its settings schema (defaults, description). */
export const declareSection = <const D extends SectionDeclaration>(declaration: D): D => declaration;

/** A setting that is another section type's settings, as `{ $ref: '<type>.schema.json' }`. */
export const sectionRef = <S extends TSchema>(
  type: string,
  _settings: S,
  keywords: RefKeywords = {},
): TUnsafe<Static<S>> => Type.Unsafe<Static<S>>({ $ref: `${type}.schema.json`, ...keywords });
