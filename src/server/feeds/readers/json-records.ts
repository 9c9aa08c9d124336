import type { Readable } from 'node:stream';
import gen from 'stream-chain/gen.js';
import { none } from 'stream-chain/defs.js';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import { FeedFormatError } from './feed-error';

// Issue 30: the JSON feeds (Impact, Admitad, Tradedoubler) read with stream-json as their bytes arrive: the parser's
// tokens go through a watch that checks the document's shape and bounds what one record may hold, then pick (the
// network's list inside its answer) and streamArray hand on one element of the list at a time. A document of another
// shape, one whose list is missing, JSON that is not well-formed or that ends early is a FeedFormatError saying where.

export interface JsonShape {
  /** The feed's name in messages ("Impact Ads JSON"). */
  name: string;
  /** The top-level field holding the records ("Ads"); null when the document itself is the list. */
  list: string | null;
  /** What one record is, for messages ("ad", "coupon", "voucher"). */
  record: string;
  /** Top-level fields where the network writes its error instead of records (Admitad's "error_description"). */
  errorFields?: readonly string[];
}

export interface JsonRecord {
  /** The element's index in the list (0-based, as in a JSON path). */
  index: number;
  value: unknown;
}

/** Where a record is, as a JSON path: "Ads[7]", or "[7]" when the document is the list. */
export const recordWhere = (shape: JsonShape, index: number) => `${shape.list ?? ''}[${index}]`;

// A description is cut at 2,000 characters anyway; these only bound what one broken or hostile record can hold.
const TEXT_MAX = 20_000;
const RECORD_MAX = 1024 * 1024;
const DEPTH_MAX = 64;

type Token = parser.Token;
type ValueStart =
  'startObject' | 'startArray' | 'startString' | 'startNumber' | 'nullValue' | 'trueValue' | 'falseValue';

const KINDS: Readonly<Record<ValueStart, string>> = {
  startObject: 'an object',
  startArray: 'a list',
  startString: 'text',
  startNumber: 'a number',
  nullValue: 'null',
  trueValue: 'true',
  falseValue: 'false',
};

/**
 * Watches the parser's tokens: checks the shape of the document and of its list, packs streamed keys, strings and
 * numbers itself (so a 100 MB string costs 20,000 characters, not 100 MB) and counts what each record holds.
 */
class ShapeWatch {
  private depth = 0;
  private rootSeen = false;
  /** The top-level field whose value comes next. */
  private field: string | null = null;
  private list: 'before' | 'in' | 'after' = 'before';
  /** The depth of the list's elements. */
  private readonly elementDepth: number;
  /** The last element begun, and whether it is still open. */
  private index = -1;
  private inRecord = false;
  private recordSize = 0;
  private text: { name: 'keyValue' | 'stringValue' | 'numberValue'; value: string } | null = null;
  /** The network's error, by field, when it wrote one where the list should be. */
  private readonly errors = new Map<string, string>();

  constructor(private readonly shape: JsonShape) {
    this.elementDepth = shape.list ? 2 : 1;
  }

  /** Where the document is now, for a message. */
  where(): string {
    const listName = this.shape.list ? `the "${this.shape.list}" list` : 'the list';
    if (this.list === 'before') return `before ${listName}`;
    if (this.list === 'after') return `after ${listName}`;
    if (this.index < 0) return `at the start of ${listName}`;
    const at = recordWhere(this.shape, this.index);
    return this.inRecord ? at : `after ${at}`;
  }

  token(t: Token): Token | typeof none {
    if (this.inRecord) this.count(1);
    switch (t.name) {
      case 'startKey':
        this.text = { name: 'keyValue', value: '' };
        return none;
      case 'startString':
        this.valueStart(t.name);
        this.text = { name: 'stringValue', value: '' };
        return none;
      case 'startNumber':
        this.valueStart(t.name);
        this.text = { name: 'numberValue', value: '' };
        return none;
      case 'stringChunk':
      case 'numberChunk':
        if (this.text && this.text.value.length < TEXT_MAX) {
          this.text.value = (this.text.value + t.value).slice(0, TEXT_MAX);
          if (this.inRecord) this.count(t.value.length);
        }
        return none;
      case 'endKey':
      case 'endString':
      case 'endNumber':
        return this.packed();
      case 'startObject':
      case 'startArray':
        this.valueStart(t.name);
        if (++this.depth > DEPTH_MAX)
          throw new FeedFormatError(`the JSON is nested deeper than ${DEPTH_MAX} levels`, this.where());
        return t;
      case 'endObject':
      case 'endArray':
        this.depth -= 1;
        this.valueEnd();
        return t;
      case 'nullValue':
      case 'trueValue':
      case 'falseValue':
        this.valueStart(t.name);
        this.valueEnd();
        return t;
      default:
        return t;
    }
  }

  get empty(): boolean {
    return !this.rootSeen;
  }

  /** The document has ended and the parser found it complete. */
  end(): void {
    if (!this.rootSeen) throw new FeedFormatError('the file holds no JSON (is it empty?)');
    if (this.list !== 'before') return;
    const field = this.shape.errorFields?.find((f) => this.errors.has(f));
    const said = field ? `; the network answered with an error: "${this.errors.get(field)}"` : '';
    throw new FeedFormatError(`the document has no "${this.shape.list}" list: this is not ${this.shape.name}${said}`);
  }

  private packed(): Token | typeof none {
    const text = this.text;
    this.text = null;
    if (!text) return none;
    if (text.name === 'keyValue') {
      if (this.depth === 1) this.field = text.value;
    } else {
      if (this.depth === 1 && text.name === 'stringValue' && this.field && this.shape.errorFields?.includes(this.field))
        this.errors.set(this.field, text.value.trim().slice(0, 300));
      this.valueEnd();
    }
    return text;
  }

  private valueStart(kind: ValueStart): void {
    if (this.depth === 0) this.rootStart(kind);
    else if (this.depth === 1 && this.shape.list && this.field === this.shape.list) this.listStart(kind);
    if (this.list === 'in' && this.depth === this.elementDepth) {
      this.index += 1;
      this.inRecord = true;
      this.recordSize = 0;
    }
  }

  private valueEnd(): void {
    if (this.list !== 'in') return;
    if (this.depth === this.elementDepth) this.inRecord = false;
    else if (this.depth === this.elementDepth - 1) {
      this.list = 'after';
      this.inRecord = false;
    }
  }

  private rootStart(kind: ValueStart): void {
    this.rootSeen = true;
    const want = this.shape.list ? 'startObject' : 'startArray';
    if (kind !== want) {
      const expected = this.shape.list ? `an object holding "${this.shape.list}"` : `a list of ${this.shape.record}s`;
      throw new FeedFormatError(
        `the document is ${KINDS[kind]}, not ${expected}: this is not ${this.shape.name}`,
        'the top level',
      );
    }
    if (!this.shape.list) this.list = 'in';
  }

  private listStart(kind: ValueStart): void {
    if (this.list !== 'before')
      throw new FeedFormatError(`the document has a second "${this.shape.list}" list`, this.where());
    if (kind !== 'startArray')
      throw new FeedFormatError(
        `"${this.shape.list}" is ${KINDS[kind]}, not a list of ${this.shape.record}s: this is not ${this.shape.name}`,
        'the top level',
      );
    this.list = 'in';
  }

  private count(n: number): void {
    this.recordSize += n;
    if (this.recordSize > RECORD_MAX)
      throw new FeedFormatError(`a ${this.shape.record} holds more than 1 MB of JSON`, this.where());
  }
}

/**
 * The parser's own message for an operator. At the end of the input it means the file is cut short, and the watch has
 * seen every token before it; in the middle, the parser drops the tokens of the chunk it failed in, so the place the
 * watch knows may be a little before the fault.
 */
function unreadable(err: Error, watch: ShapeWatch, atEnd: boolean): FeedFormatError {
  const bare = err.message.replace(/^Parser (cannot parse input: |has )/, '');
  if (atEnd && watch.empty) return new FeedFormatError('the file holds no JSON (is it empty?)');
  if (atEnd) return new FeedFormatError(`the JSON ends early (${bare}): the file is cut short`, watch.where());
  const where = watch.where();
  const near = /^[A-Za-z_]*\[/.test(where) ? `at or after ${where}` : `${where} or later`;
  return new FeedFormatError(`the JSON is not well-formed: ${bare}`, near);
}

const isParserError = (err: unknown): err is Error => err instanceof Error && /^Parser /.test(err.message);

/** gen()'s type names only the data it is given; given `none`, it flushes its stages (stream-chain's protocol). */
interface Stages<In, Out> {
  push(input: In | typeof none): AsyncGenerator<Out>;
}

/**
 * The elements of a JSON feed's list, read from `input` one chunk at a time: the next chunk is read only when the
 * elements of the last one have been taken (the generator pulls), so nothing but the current chunk and element is held.
 */
export async function* readJsonRecords(input: Readable, shape: JsonShape): AsyncGenerator<JsonRecord> {
  const watch = new ShapeWatch(shape);
  const tokens = parser({ packValues: false, streamValues: true });
  const watching = (t: Token) => watch.token(t);
  const elements: Stages<string, streamArray.StreamArrayItem> = {
    push: shape.list
      ? gen(tokens, watching, pick({ filter: shape.list }), streamArray())
      : gen(tokens, watching, streamArray()),
  };
  const decoder = new TextDecoder('utf-8');
  let atEnd = false;
  try {
    for await (const chunk of input as AsyncIterable<Buffer | string>) {
      const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      for await (const { key, value } of elements.push(text)) yield { index: key, value };
    }
    atEnd = true;
    for await (const { key, value } of elements.push(decoder.decode())) yield { index: key, value };
    for await (const { key, value } of elements.push(none)) yield { index: key, value };
  } catch (err) {
    throw isParserError(err) ? unreadable(err, watch, atEnd) : err;
  }
  watch.end();
}
