import type { LayoutIssue } from './types';

// JSON.parse messages differ between engines and often carry no position, so a small scanner finds where the text breaks.

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class Scanner {
  private i = 0;
  constructor(private readonly s: string) {}

  run(): void {
    this.value();
    this.ws();
    if (this.i < this.s.length) this.fail('unexpected content after the JSON value');
  }

  private fail(message: string): never {
    throw new JsonSyntaxError(message, this.i);
  }

  private ws(): void {
    while (this.i < this.s.length && ' \t\n\r'.includes(this.s.charAt(this.i))) this.i += 1;
  }

  private value(): void {
    this.ws();
    const c = this.s.charAt(this.i);
    if (c === '{') this.container('}', true);
    else if (c === '[') this.container(']', false);
    else if (c === '"') this.string();
    else if (c === '-' || (c >= '0' && c <= '9')) this.number();
    else if (c === 't' || c === 'f' || c === 'n') this.literal();
    else if (c === '') this.fail('unexpected end of input');
    else this.fail(`unexpected character ${JSON.stringify(c)}`);
  }

  private container(close: string, isObject: boolean): void {
    this.i += 1;
    this.ws();
    if (this.s.charAt(this.i) === close) {
      this.i += 1;
      return;
    }
    for (;;) {
      if (isObject) {
        this.ws();
        if (this.s.charAt(this.i) !== '"') this.fail('expected a double-quoted property name');
        this.string();
        this.ws();
        if (this.s.charAt(this.i) !== ':') this.fail("expected ':' after the property name");
        this.i += 1;
      }
      this.value();
      this.ws();
      const c = this.s.charAt(this.i);
      if (c === ',') this.i += 1;
      else if (c === close) {
        this.i += 1;
        return;
      } else this.fail(`expected ',' or '${close}' after the ${isObject ? 'property value' : 'array element'}`);
    }
  }

  private string(): void {
    this.i += 1;
    while (this.i < this.s.length) {
      const c = this.s.charAt(this.i);
      if (c === '"') {
        this.i += 1;
        return;
      }
      if (c === '\\') {
        const next = this.s.charAt(this.i + 1);
        if ('"\\/bfnrt'.includes(next) && next !== '') this.i += 2;
        else if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(this.s.slice(this.i + 2, this.i + 6))) this.i += 6;
        else this.fail('invalid escape in string');
      } else if (c.charCodeAt(0) < 0x20) this.fail('unescaped control character in string');
      else this.i += 1;
    }
    this.fail('unterminated string');
  }

  private number(): void {
    NUMBER.lastIndex = this.i;
    if (!NUMBER.test(this.s)) this.fail('invalid number');
    this.i = NUMBER.lastIndex;
  }

  private literal(): void {
    for (const word of ['true', 'false', 'null']) {
      if (this.s.startsWith(word, this.i)) {
        this.i += word.length;
        return;
      }
    }
    this.fail(`unexpected character ${JSON.stringify(this.s.charAt(this.i))}`);
  }
}

/** 1-based line and column of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; issue: LayoutIssue };

/** JSON.parse that reports a syntax error as an issue with line and column; a leading BOM is ignored. */
export function parseJson(text: string): ParsedJson {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(source) };
  } catch (parseError) {
    try {
      new Scanner(source).run();
    } catch (error) {
      if (error instanceof JsonSyntaxError) {
        const { line, column } = lineAndColumn(source, error.offset);
        return {
          ok: false,
          issue: { pointer: '', message: `invalid JSON at line ${line}, column ${column}: ${error.message}` },
        };
      }
    }
    return { ok: false, issue: { pointer: '', message: `invalid JSON: ${(parseError as Error).message}` } };
  }
}
