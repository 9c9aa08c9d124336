import { isDeepStrictEqual } from 'node:util';
import { parse } from '@humanwhocodes/momoa';

// What `npm run layouts:migrate` writes: when a migration only moved the version number (every step so far), the file
// as it was with just that number replaced, so formatting, key order and compact objects are kept.

type Doc = Readonly<Record<string, unknown>>;

const withoutVersion = ({ schemaVersion: _version, ...rest }: Doc): Doc => rest;

/** `text` with the top-level schemaVersion value set to `after`'s; null when anything else changed (or none is found). */
export function versionOnlyRewrite(text: string, before: Doc, after: Doc): string | null {
  if (!isDeepStrictEqual(withoutVersion(before), withoutVersion(after))) return null;
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let body;
  try {
    body = parse(text.slice(bom), { mode: 'json' }).body;
  } catch {
    return null;
  }
  if (body.type !== 'Object') return null;
  const member = body.members.find((m) => m.name.type === 'String' && m.name.value === 'schemaVersion');
  if (!member) return null;
  const start = member.value.loc.start.offset + bom;
  const end = member.value.loc.end.offset + bom;
  return text.slice(0, start) + JSON.stringify(after.schemaVersion) + text.slice(end);
}
