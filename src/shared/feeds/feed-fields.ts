import { parseFeedDate } from '../rules/feed-date';
import { httpUrl } from '../rules/http-url';
import type { DraftDate } from './offer';

// Issue 30: readings the Awin, CJ and Rakuten mappings share (pure). Their text may carry HTML entities that
// plainText (finishOffer) does not know (&pound; &#163; &rsquo;), a "code" that says there is none (N/A), and dates
// without a time, where an end date means the whole of that day.

// Named entities seen in the networks' descriptions; anything else is left as written.
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  pound: '£',
  euro: '€',
  cent: '¢',
  yen: '¥',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  times: '×',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  middot: '·',
  frac12: '½',
};

const ENTITY = /&(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});/g;

/** One level of HTML entities decoded (`&amp;lt;` gives `&lt;`); unknown names and control characters stay. */
export function decodeEntities(text: string | null | undefined): string {
  return (text ?? '').replace(ENTITY, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const hex = ref[1] === 'x' || ref[1] === 'X';
      const point = hex ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      const allowed = point > 0x1f && point <= 0x10ffff && !(point >= 0xd800 && point <= 0xdfff) && point !== 0x7f;
      return allowed || point === 9 || point === 10 || point === 13 ? String.fromCodePoint(point) : whole;
    }
    return NAMED[ref] ?? NAMED[ref.toLowerCase()] ?? whole;
  });
}

// What networks write in a code field when an offer has no code (Rakuten: "N/A").
const NO_CODE = /^(n\/?a|none|null|-+|no code( (needed|required))?|not (needed|required))$/i;

/** The code as written, trimmed; '' when the field is empty or says there is no code. */
export function networkCode(cell: string | null | undefined): string {
  const text = (cell ?? '').trim();
  return NO_CODE.test(text) ? '' : text;
}

/** The site of an advertiser's landing link (`https://host/`), or null: a hint for matching it to a store. */
export function siteOf(url: string | null | undefined): string | null {
  const link = httpUrl(url);
  if (!link) return null;
  try {
    const { protocol, host } = new URL(link);
    return `${protocol}//${host}/`;
  } catch {
    return null;
  }
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
// What a network writes for "no date" (CJ: N/A, and "ongoing" for an end).
const NO_DATE = /^(n\/?a|none|null|ongoing)$/i;

/**
 * A date in ISO spelling (parseFeedDate: no offset means UTC). An end date without a time is the last second of
 * that day: a coupon expires once its end instant is reached, and "ends 2030-12-31" is still good on the 31st.
 */
export function isoFeedDate(cell: string | null | undefined, side: 'start' | 'end'): DraftDate {
  const text = (cell ?? '').trim();
  if (NO_DATE.test(text)) return { ok: true, value: null };
  const date = parseFeedDate(text);
  if (!date.ok || !date.value) return date;
  // Date.UTC reads the years 0–99 as 1900–1999, and an instant past 9999 has no four-digit ISO spelling.
  if (Number(text.slice(0, 4)) < 1970 || !/^\d{4}-/.test(date.value))
    return { ok: false, message: `"${text.slice(0, 40)}" is not between 1970 and 9999` };
  if (side === 'start' || !DAY_ONLY.test(text)) return date;
  return { ok: true, value: new Date(Date.parse(date.value) + DAY_MS - 1000).toISOString() };
}
