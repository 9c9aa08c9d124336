import { createHash, createVerify, type KeyObject } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { until } from '../../helpers/wait';

// A local SMTP sink (smtp-server, from the nodemailer project) the mail tests and the benchmark send to, and a small
// MIME reader for what it received: headers, the text/plain and text/html parts.

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Map<string, string>;
  text: string;
  html: string;
}

export interface Sink {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /** Received messages, counted without parsing (the benchmark's count). */
  count(): number;
  /** While true, every message is refused with a temporary failure (451). */
  refuse: boolean;
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSink(opts: { parse?: boolean } = {}): Promise<Sink> {
  const mails: ReceivedMail[] = [];
  let received = 0;
  const sink: Partial<Sink> = { mails, refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (sink.refuse) {
          const err = Object.assign(new Error('sink refuses for now'), { responseCode: 451 });
          callback(err);
          return;
        }
        received += 1;
        if (opts.parse !== false) {
          const raw = Buffer.concat(chunks).toString('utf8');
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            ...parseMime(raw),
            raw,
          });
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return Object.assign(sink, {
    port,
    url: `smtp://127.0.0.1:${port}`,
    count: () => received,
    async waitFor(n: number, timeoutMs = 15_000) {
      await until(() => received >= n, { message: () => `sink: ${received} of ${n} mails`, timeoutMs, everyMs: 50 });
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as Sink;
}

function splitHead(raw: string): { head: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const headText = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const head = new Map<string, string>();
  for (const line of headText.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) head.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { head, body };
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decode(data.replace(/_/g, ' '), 'quoted-printable'),
    );
}

function decode(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const soft = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      const hex = soft[i] === '=' ? /^[0-9A-F]{2}/i.exec(soft.slice(i + 1, i + 3)) : null;
      if (hex) {
        bytes.push(parseInt(hex[0], 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

export function parseMime(raw: string): { headers: Map<string, string>; text: string; html: string } {
  const { head, body } = splitHead(raw);
  const out = { headers: head, text: '', html: '' };
  const walk = (headers: Map<string, string>, content: string): void => {
    const type = headers.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.startsWith('multipart/') && boundary) {
      for (const part of content.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const inner = splitHead(part.replace(/^\r?\n/, ''));
        walk(inner.head, inner.body);
      }
      return;
    }
    const decoded = decode(content, headers.get('content-transfer-encoding'));
    if (type.startsWith('text/html')) out.html = decoded;
    else if (type.startsWith('text/plain')) out.text = decoded;
  };
  walk(head, body);
  return out;
}

/**
 * Verifies a DKIM-Signature (rsa-sha256, relaxed/relaxed as nodemailer signs) of a raw message with the public key:
 * the body hash and the signature over the signed headers, as a receiving server would.
 */
export function verifyDkim(raw: string, publicKey: KeyObject): { bodyHash: boolean; signature: boolean } {
  const at = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, at);
  const body = raw.slice(at + 4);
  const fields = head.split(/\r\n(?![ \t])/);
  const dkimField = fields.find((f) => /^dkim-signature:/i.test(f)) ?? '';
  const tags = new Map(
    dkimField
      .slice(dkimField.indexOf(':') + 1)
      .replace(/\s+/g, '')
      .split(';')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as const),
  );
  const relaxedBody =
    body
      .split('\r\n')
      .map((l) => l.replace(/[ \t]+/g, ' ').replace(/ $/, ''))
      .join('\r\n')
      .replace(/(\r\n)*$/, '') + '\r\n';
  const bodyHash = createHash('sha256').update(relaxedBody).digest('base64') === tags.get('bh');
  const relaxedField = (f: string) => {
    const colon = f.indexOf(':');
    const value = f
      .slice(colon + 1)
      .replace(/\r\n/g, '')
      .replace(/[ \t]+/g, ' ')
      .trim();
    return `${f.slice(0, colon).trim().toLowerCase()}:${value}`;
  };
  const used = new Map<string, number>();
  const signed = (tags.get('h') ?? '').split(':').flatMap((name) => {
    const all = fields.filter((f) => f.slice(0, f.indexOf(':')).trim().toLowerCase() === name.toLowerCase());
    const n = used.get(name.toLowerCase()) ?? 0;
    used.set(name.toLowerCase(), n + 1);
    const field = all[all.length - 1 - n];
    return field ? [`${relaxedField(field)}\r\n`] : [];
  });
  // The signature header itself is signed last, its b= value empty and without a line end.
  const data = signed.join('') + relaxedField(dkimField).replace(/([:;]\s*b=)[^;]*/, '$1');
  const signature = createVerify('RSA-SHA256')
    .update(data)
    .verify(publicKey, Buffer.from(tags.get('b') ?? '', 'base64'));
  return { bodyHash, signature };
}
