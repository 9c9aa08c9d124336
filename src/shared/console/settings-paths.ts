// Issue 29: reading and writing one value inside a settings object, immutably: a write copies the objects and arrays on
// the way to the value and shares everything else, keeps the order of the keys (the raw JSON tab and the saved text do
// not reshuffle), and never changes its input.

/** Where a value is: property names and array indexes from the settings object down. */
export type Path = readonly (string | number)[];

const escapeToken = (token: string | number) => String(token).replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** The JSON pointer of a path ('/grids/0/count'), the form the validators' problems are given in. */
export function pointerOf(path: Path): string {
  return path.map((token) => `/${escapeToken(token)}`).join('');
}

/** The path of a JSON pointer; indexes stay strings (getAt reads them from arrays too). */
export function pathOf(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescapeToken);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isIndex = (token: string | number, list: readonly unknown[]) => {
  const i = typeof token === 'number' ? token : /^(0|[1-9][0-9]*)$/.test(token) ? Number(token) : -1;
  return Number.isInteger(i) && i >= 0 && i < list.length ? i : -1;
};

/** The value at `path`, or undefined when there is none. */
export function getAt(root: unknown, path: Path): unknown {
  let value = root;
  for (const token of path) {
    if (Array.isArray(value)) {
      const i = isIndex(token, value);
      if (i < 0) return undefined;
      value = value[i];
    } else if (isRecord(value) && Object.prototype.hasOwnProperty.call(value, token)) value = value[token];
    else return undefined;
  }
  return value;
}

/** Whether anything (null included) is at `path`. */
export function hasAt(root: unknown, path: Path): boolean {
  if (path.length === 0) return root !== undefined;
  const parent = getAt(root, path.slice(0, -1));
  const last = path[path.length - 1]!;
  if (Array.isArray(parent)) return isIndex(last, parent) >= 0;
  return isRecord(parent) && Object.prototype.hasOwnProperty.call(parent, last);
}

/**
 * A copy of `root` with `value` at `path`. Missing containers on the way are made (an array where the next token is
 * a number, else an object); an index past an array's end appends. Anything else on the way is replaced by a container.
 */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [token, ...rest] = path as [string | number, ...(string | number)[]];
  const indexLike = typeof token === 'number' || /^(0|[1-9][0-9]*)$/.test(token);
  if (Array.isArray(root) && indexLike) {
    const i = isIndex(token, root);
    const copy = [...root];
    if (i >= 0) copy[i] = setAt(root[i], rest, value);
    else copy.push(setAt(undefined, rest, value));
    return copy;
  }
  if (typeof token === 'number' && !isRecord(root)) return [setAt(undefined, rest, value)];
  const object = isRecord(root) ? root : {};
  const current = Object.prototype.hasOwnProperty.call(object, token) ? object[token] : undefined;
  return { ...object, [token]: setAt(current, rest, value) };
}

/** A copy of `root` without what is at `path` (a property is deleted, an array item spliced out); as it is if absent. */
export function removeAt(root: unknown, path: Path): unknown {
  if (path.length === 0 || !hasAt(root, path)) return root;
  const parentPath = path.slice(0, -1);
  const parent = getAt(root, parentPath);
  const last = path[path.length - 1]!;
  if (Array.isArray(parent)) {
    const i = isIndex(last, parent);
    return setAt(root, parentPath, [...parent.slice(0, i), ...parent.slice(i + 1)]);
  }
  const { [String(last)]: _gone, ...rest } = parent as Record<string, unknown>;
  return setAt(root, parentPath, rest);
}

/** A copy of the list with the item at `from` moved to `to` (both clamped to the list). */
export function moveInList<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  if (from < 0 || from >= copy.length) return copy;
  const target = Math.max(0, Math.min(copy.length - 1, to));
  const [item] = copy.splice(from, 1);
  copy.splice(target, 0, item as T);
  return copy;
}

/** Deep equality of JSON values (key order ignored), as the validators compare (enum, uniqueItems). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson(a[k], b[k]))
    );
  }
  return false;
}
