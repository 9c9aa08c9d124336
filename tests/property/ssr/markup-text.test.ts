// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { markupText } from '../../../src/client/ssr/markup-text';

// The server draws coupon markup as plain text (src/client/ssr/markup-text.ts) exactly as the browser's inert
// DOMParser does until the sanitiser loads (components/rich-text.tsx): otherwise hydration would redraw the card.
const DROPPED = 'script, style, template, noscript, iframe, object, embed, svg, math, textarea, title';

function browserText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const el of body.querySelectorAll(DROPPED)) el.remove();
  return body.textContent ?? '';
}

const serverText = markupText;

// Coupon copy as operators write it: words, prices and entities, inline tags (allowed or not), blocks, code and
// style blocks, comments, stray angle brackets.
const word = fc.constantFrom(
  'Save',
  '20%',
  'off',
  '$5',
  'today',
  'ÉTÉ',
  '🎉',
  'a&b',
  '5 < 10',
  'x>y',
  '&amp;',
  '&lt;',
  '&#39;',
  '&nbsp;',
  '&copy;',
  '&bogus;',
  ' ',
  '\n',
  '\t',
);
const tag = fc.constantFrom(
  'b',
  'strong',
  'i',
  'em',
  'u',
  'span',
  'small',
  'sup',
  'sub',
  'mark',
  'p',
  'div',
  'a',
  'font',
  'h3',
);
const dropped = fc.constantFrom(
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'svg',
  'textarea',
  'title',
);
const markup: fc.Arbitrary<string> = fc.letrec((tie) => ({
  node: fc.oneof(
    { weight: 4, arbitrary: word },
    { weight: 3, arbitrary: fc.tuple(tag, tie('nodes')).map(([t, inner]) => `<${t}>${inner as string}</${t}>`) },
    { weight: 1, arbitrary: fc.tuple(dropped, word).map(([t, inner]) => `<${t}>${inner}</${t}>`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '<br>',
        '<br/>',
        '<!-- note -->',
        '<img src="x.png" alt="logo">',
        '<b>unclosed',
        '</i>',
        '<table><td>cell</td></table>',
        '<meta charset="utf-8">',
        '\r\n',
      ),
    },
  ),
  nodes: fc.array(tie('node'), { maxLength: 4 }).map((parts) => (parts as string[]).join('')),
})).nodes as fc.Arbitrary<string>;

describe('server markup text', () => {
  it('is the text the browser finds in the same markup', () => {
    fc.assert(
      fc.property(markup, (html) => {
        expect(serverText(html)).toBe(browserText(html));
      }),
    );
  });

  it('drops code and styles with their element, keeps entities decoded', () => {
    expect(serverText('<b>Save&nbsp;20%</b><script>alert(1)</script><style>b{}</style> today')).toBe(
      'Save\u00a020% today',
    );
  });
});
