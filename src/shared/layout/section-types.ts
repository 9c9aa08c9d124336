import type { LayoutKind } from './types';

// Words about section types, shared by the Node checker and the browser renderer. The section types themselves are
// declared in src/sections/<type>/settings.ts; they are handed in here (the server passes the contract's table, the
// browser the one its generated validators module carries), so the browser bundles no declaration.

/** Section type → the document kinds it may be used in. */
export type SectionKinds = Readonly<Record<string, readonly LayoutKind[]>>;

/** True when `type` is a key of the table (not of its prototype). */
export function isKnownType(table: Readonly<Record<string, unknown>>, type: string): boolean {
  return Object.prototype.hasOwnProperty.call(table, type);
}

/** The one message for a section type nobody registered; `known` lists every section type, sorted. */
export function unknownSectionTypeMessage(type: unknown, known: readonly string[]): string {
  return `unknown section type ${JSON.stringify(type)}; known types: ${known.join(', ')}`;
}

export function missingSectionTypeMessage(known: readonly string[]): string {
  return `missing section type; known types: ${known.join(', ')}`;
}
