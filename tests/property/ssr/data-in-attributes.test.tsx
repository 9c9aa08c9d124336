import fc from 'fast-check';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useBrandColour } from '../../../src/client/components/chrome/use-brand-colour';
import { cssColour } from '../../../src/shared/rules';
import type { Tenant } from '../../../src/server/db/repositories/domains';
import { renderHead } from '../../../src/server/site/html';
import type { PageMeta } from '../../../src/server/site/page-meta';

// Issue 18: whatever string an editor stores, the rendered style, href, src and <meta> values hold no second
// declaration, no url(, no event attribute and no non-http(s) URL. Rendered as the server does (React's
// renderToStaticMarkup for the header's style, renderHead for the document's head) and read back with parse5.
type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['childNode'];

const ATTACK = 'red;position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:2147483647;background:url(/x)';
const payload = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    ATTACK,
    'javascript:alert(1)//http',
    'x" onerror="alert(1)',
    "x' onload='alert(1)",
    '"><img src=x onerror=alert(1)>',
    'url(/x)',
    'rgb(1,2,3);x:y',
  ),
  fc
    .tuple(fc.constantFrom('#fff', 'red', 'rgb(1 2 3)', 'java\tscript:', 'data:', 'https://a.example/'), fc.string())
    .map(([a, b]) => a + b),
);

function elements(nodes: Node[]): Element[] {
  return nodes.flatMap((n) => ('tagName' in n ? [n, ...elements(n.childNodes)] : []));
}
const parse = (html: string) => elements(parseFragment(html).childNodes);
const PAGE = 'https://one.example/x';
function webUrl(url: string): boolean {
  try {
    return /^https?:$/.test(new URL(url, PAGE).protocol);
  } catch {
    return true; // the browser would not load it either
  }
}

function expectSafeAttributes(html: string): Element[] {
  const els = parse(html);
  for (const el of els) {
    for (const a of el.attrs) {
      expect(a.name.startsWith('on'), `${a.name} on <${el.tagName}>`).toBe(false);
      if (a.name === 'href' || a.name === 'src') expect(webUrl(a.value), a.value).toBe(true);
      if (a.name === 'style') expect(a.value.toLowerCase()).not.toContain('url(');
    }
  }
  return els;
}

function Header({ colour }: { colour: string }) {
  return <div className="header-bar" style={useBrandColour(colour, true)} />;
}

describe('data values in rendered attributes', () => {
  it('the header style holds only the three brand variables, for any header_color', () => {
    fc.assert(
      fc.property(payload, (colour) => {
        const [el, ...rest] = expectSafeAttributes(renderToStaticMarkup(<Header colour={colour} />));
        expect(rest).toHaveLength(0);
        const style = el?.attrs.find((a) => a.name === 'style')?.value;
        if (style === undefined) return;
        const names = style
          .split(';')
          .filter(Boolean)
          .map((d) => d.split(':')[0]?.trim());
        expect(names).toEqual(['--brand', '--brand-contrast', '--brand-text']);
        expect(style).not.toMatch(/url\(|["'<>\\]/i);
      }),
    );
  });

  it("the head's meta, link href and theme-color stay single, http(s) and declaration-free, for any domain data", () => {
    const data = fc.record({
      header_color: payload,
      favicon: payload,
      meta_tag: payload,
      google_verification_tag: payload,
      name: payload,
      logo: payload,
    });
    fc.assert(
      fc.property(data, payload, (d, text) => {
        const tenant: Tenant = {
          id: '0'.repeat(24),
          key: 'one',
          host: 'one.example',
          hosts: ['one.example'],
          data: {
            ...d,
            header_html: '',
            header_js: '',
            time_zone: 'UTC',
            meta_description: text,
            home_page: '',
            footer_about_us: '',
            footer_text: '',
            contact: { email: '', phone: '', address: '' },
            banners_v2: [],
            footer_js: '',
            permissions: [],
            affiliate_disclosure: '',
          },
        };
        const meta: PageMeta = {
          status: 200,
          title: text,
          description: text,
          robots: null,
          canonical: null,
          url: PAGE,
          image: null,
          jsonLd: [],
          queries: [],
        };
        const els = expectSafeAttributes(renderHead(tenant, meta, { name: text }));
        // Every tag is one the head writes: nothing injected.
        for (const el of els) expect(['title', 'meta', 'link', 'script']).toContain(el.tagName);
        expect(els.filter((e) => e.tagName === 'script')).toHaveLength(1);
        const theme = els.find((e) => e.attrs.some((a) => a.name === 'name' && a.value === 'theme-color'));
        const content = theme?.attrs.find((a) => a.name === 'content')?.value;
        if (content !== undefined) {
          expect(cssColour(content)).toBe(content);
          expect(content).not.toMatch(/url\(|;/i);
        }
      }),
    );
  });
});
