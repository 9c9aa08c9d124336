import { parse, type ValueNode } from '@humanwhocodes/momoa';

// Where in a JSON file a JSON pointer points: line and column (1-based) of the value, from @humanwhocodes/momoa's
// source locations. A pointer to something absent (a missing property) gets the position of its nearest parent.

export interface SourcePosition {
  line: number;
  column: number;
}

const unescape = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** The position of `pointer` in `text`, or null when the text is not JSON. */
export function positionOf(text: string, pointer: string): SourcePosition | null {
  let node: ValueNode;
  try {
    node = parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, { mode: 'json' }).body;
  } catch {
    return null;
  }
  const tokens = pointer === '' ? [] : pointer.slice(1).split('/').map(unescape);
  for (const token of tokens) {
    let next: ValueNode | undefined;
    if (node.type === 'Object')
      next = node.members.find((m) => m.name.type === 'String' && m.name.value === token)?.value;
    else if (node.type === 'Array' && /^\d+$/.test(token)) next = node.elements[Number(token)]?.value;
    if (!next) break;
    node = next;
  }
  return { line: node.loc.start.line, column: node.loc.start.column };
}

/** "invalid JSON at line 5, column 3: …" (src/shared/layout/parse-json.ts) → that position. */
export function syntaxErrorPosition(message: string): SourcePosition | null {
  const m = /at line (\d+), column (\d+)/.exec(message);
  return m ? { line: Number(m[1]), column: Number(m[2]) } : null;
}
