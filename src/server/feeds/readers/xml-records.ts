import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { FeedFormatError } from './feed-error';

// Issue 30: the XML feeds (CJ, Rakuten) read with saxes as their bytes arrive. Each repeating record element is
// handed on as soon as it closes, as a flat object of its children's text, so a feed of any size costs one chunk
// and the records that chunk completed. A wrong root element, XML that is not well-formed or ends early, or the
// network's error message in place of records is a FeedFormatError saying where.

/** An element inside a child (<categories><category id="983">computers</category>…). */
export interface XmlItem {
  name: string;
  text: string;
  attributes: Readonly<Record<string, string>>;
}

export interface XmlRecord {
  /** 1-based, in document order. */
  index: number;
  /** The line of the record's start tag. */
  line: number;
  attributes: Readonly<Record<string, string>>;
  /** Each child without elements of its own: its text (entities and CDATA decoded, trimmed); the first one wins. */
  fields: Readonly<Record<string, string>>;
  /** Each child holding elements (<categories>): those elements, in order. */
  lists: Readonly<Record<string, readonly XmlItem[]>>;
}

export interface XmlShape {
  /** The feed's name in messages ("CJ Link Search XML"). */
  name: string;
  /** The element names from the root down to the repeating record: ['cj-api', 'links', 'link']. */
  path: readonly string[];
  /** An element under the root that carries the network's error instead of records (CJ's <error-message>). */
  errorElement?: string;
}

// A description is cut at 2,000 characters anyway; these only bound what one broken or hostile record can hold.
const TEXT_MAX = 20_000;
const ITEMS_MAX = 200;

interface Child {
  name: string;
  text: string;
  items: XmlItem[] | null;
}
interface Draft {
  line: number;
  attributes: Record<string, string>;
  fields: Record<string, string>;
  lists: Record<string, XmlItem[]>;
  child: Child | null;
  item: XmlItem | null;
}

const table = <T>() => Object.create(null) as Record<string, T>;
const append = (text: string, more: string) => (text.length < TEXT_MAX ? text + more : text);

/** saxes's own message without its "line:column: " prefix, said for an operator. */
function describe(message: string, atEnd: boolean): string {
  const bare = message.replace(/^(?:[^:\n]*:)?\d+:\d+: /, '');
  const unclosed = /^unclosed tag: (.+)$/.exec(bare);
  if (unclosed && atEnd) return `the XML ends before </${unclosed[1]}>: the file is cut short`;
  if (/must contain a root element/.test(bare)) return 'the file holds no XML element (is it empty?)';
  // saxes reads what follows an "&" as an entity name up to the next ";", and fails there.
  if (/entity/.test(bare)) return `the XML is not well-formed: ${bare} An "&" in text must be written &amp;`;
  return `the XML is not well-formed: ${bare}`;
}

class XmlRecordReader {
  // No namespaces: the networks' element names are plain, and attributes stay plain strings.
  private readonly parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  private readonly decoder = new TextDecoder('utf-8');
  private readonly recordDepth: number;
  private ready: XmlRecord[] = [];
  private depth = 0;
  /** How many of the path's elements the open elements match, and the most that ever did. */
  private matched = 0;
  private deepest = 0;
  private tagLine = 1;
  private count = 0;
  private draft: Draft | null = null;
  private error: { line: number; text: string } | null = null;

  constructor(private readonly shape: XmlShape) {
    this.recordDepth = shape.path.length - 1;
    this.parser.on('opentagstart', () => (this.tagLine = this.parser.line));
    this.parser.on('opentag', (tag) => this.open(tag.name, tag.attributes));
    this.parser.on('closetag', () => this.close());
    this.parser.on('text', (text) => this.text(text));
    this.parser.on('cdata', (text) => this.text(text));
  }

  write(chunk: Buffer | string): void {
    this.feed(() =>
      this.parser.write(typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true })),
    );
  }

  end(): void {
    this.feed(() => this.parser.write(this.decoder.decode()).close(), true);
    if (this.deepest < this.recordDepth)
      throw new FeedFormatError(`the feed has no <${this.shape.path[this.deepest]}> element`);
  }

  /** The records completed since the last call. */
  take(): XmlRecord[] {
    const out = this.ready;
    this.ready = [];
    return out;
  }

  private feed(step: () => void, atEnd = false): void {
    try {
      step();
    } catch (err) {
      if (err instanceof FeedFormatError || !(err instanceof Error) || !/^(?:[^:\n]*:)?\d+:\d+: /.test(err.message))
        throw err;
      const where = `line ${this.parser.line}, column ${this.parser.column}`;
      throw new FeedFormatError(describe(err.message, atEnd), where);
    }
  }

  private open(name: string, attributes: Record<string, string>): void {
    const depth = this.depth++;
    if (depth === 0 && name !== this.shape.path[0])
      throw new FeedFormatError(
        `the root element is <${name}>, not <${this.shape.path[0]}>: this is not ${this.shape.name}`,
        `line ${this.tagLine}`,
      );
    if (depth === 1 && name === this.shape.errorElement) this.error = { line: this.tagLine, text: '' };
    if (this.matched === depth && depth <= this.recordDepth && name === this.shape.path[depth]) {
      this.matched = depth + 1;
      this.deepest = Math.max(this.deepest, this.matched);
      if (depth === this.recordDepth) this.startRecord({ ...attributes });
      return;
    }
    const draft = this.draft;
    if (!draft) return;
    if (depth === this.recordDepth + 1) draft.child = { name, text: '', items: null };
    else if (depth === this.recordDepth + 2 && draft.child) {
      draft.child.items ??= [];
      draft.item = { name, text: '', attributes: { ...attributes } };
      if (draft.child.items.length < ITEMS_MAX) draft.child.items.push(draft.item);
    }
  }

  private startRecord(attributes: Record<string, string>): void {
    this.draft = { line: this.tagLine, attributes, fields: table(), lists: table(), child: null, item: null };
  }

  private close(): void {
    const depth = --this.depth;
    if (this.matched === depth + 1) {
      this.matched = depth;
      if (depth === this.recordDepth) this.endRecord();
    }
    if (depth === 1 && this.error) {
      const { line, text } = this.error;
      throw new FeedFormatError(`the network answered with an error: "${text.trim().slice(0, 300)}"`, `line ${line}`);
    }
    const draft = this.draft;
    if (!draft) return;
    if (depth === this.recordDepth + 2 && draft.item) {
      draft.item.text = draft.item.text.trim();
      draft.item = null;
    }
    if (depth !== this.recordDepth + 1 || !draft.child) return;
    const { name, text, items } = draft.child;
    if (items) {
      const list = (draft.lists[name] ??= []);
      list.push(...items.slice(0, ITEMS_MAX - list.length));
    } else if (!(name in draft.fields)) draft.fields[name] = text.trim();
    draft.child = null;
  }

  private endRecord(): void {
    const draft = this.draft;
    if (!draft) return;
    this.count += 1;
    this.ready.push({
      index: this.count,
      line: draft.line,
      attributes: draft.attributes,
      fields: draft.fields,
      lists: draft.lists,
    });
    this.draft = null;
  }

  private text(text: string): void {
    if (this.error) this.error.text = append(this.error.text, text);
    const draft = this.draft;
    if (!draft) return;
    if (draft.item) draft.item.text = append(draft.item.text, text);
    else if (draft.child && this.depth === this.recordDepth + 2) draft.child.text = append(draft.child.text, text);
  }
}

/**
 * The records of an XML feed, read from `input` one chunk at a time: the next chunk is read only when the records
 * of the last one have been taken (the generator pulls), so nothing but the current chunk is held.
 */
export async function* readXmlRecords(input: Readable, shape: XmlShape): AsyncGenerator<XmlRecord> {
  const reader = new XmlRecordReader(shape);
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    reader.write(chunk);
    yield* reader.take();
  }
  reader.end();
  yield* reader.take();
}
