import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { RichText, couponPlainText, loadRichHtml } from '../../../src/client/components/rich-text';
import { sanitizeCouponHtml } from '../../../src/client/components/rich-html';

// The sanitiser module loads on demand; once loaded, RichText renders markup synchronously.
beforeAll(() => loadRichHtml());

const now = new Date(2026, 10, 22); // November 2026, local time

function html(text: string, max?: number) {
  const { container } = render(<RichText text={text} max={max} now={now} />);
  return container.firstElementChild as HTMLElement;
}

const PAYLOADS = [
  '<img src=x onerror="window.__xss=1">',
  '<iframe srcdoc="<script>window.__xss=1</script>"></iframe>',
  '<a href="javascript:window.__xss=1">win</a>',
  '<svg onload="window.__xss=1"><circle r=4 /></svg>',
  '<style>body{display:none}</style>',
  '<form action="https://evil.example"><input name=q><button>Go</button></form>',
  '<script>window.__xss=1</script>',
  '<object data="javascript:window.__xss=1"></object>',
  '<b onclick="window.__xss=1" style="color:red">bold</b>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
];

describe('RichText: the coupon text helper', () => {
  afterEach(cleanup);

  it('fills {month} and {year} in every allowed case', () => {
    expect(html('{month} {Month} {MONTH} {year} {Year} {YEAR}').textContent).toBe(
      'november November NOVEMBER 2026 2026 2026',
    );
  });

  it('renders plain text as text, even with an ampersand or markup-like words', () => {
    const el = html('Save 20% & more, {Month} only');
    expect(el.textContent).toBe('Save 20% & more, November only');
    expect(el.children).toHaveLength(0);
  });

  it('renders inline formatting from text containing "<"', () => {
    const el = html('Get <b>40%</b> off <i>software</i> this {month}');
    expect(el.querySelector('b')?.textContent).toBe('40%');
    expect(el.querySelector('i')?.textContent).toBe('software');
    expect(el.textContent).toBe('Get 40% off software this november');
  });

  it('shows a lone "<" as text', () => {
    expect(html('Prices < $50').textContent).toBe('Prices < $50');
  });

  it.each(PAYLOADS)('kills %s', (payload) => {
    const el = html(`Deal ${payload} today`);
    expect(el.querySelector('img, iframe, a, svg, style, form, input, button, script, object, math, table')).toBeNull();
    for (const node of el.querySelectorAll('*')) expect(node.attributes).toHaveLength(0);
    expect(el.innerHTML).not.toMatch(/javascript:|onerror|onload|onclick|srcdoc/i);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('keeps the text of a stripped link but not its address', () => {
    const el = html('<a href="javascript:alert(1)">Shop now</a>');
    expect(el.textContent).toBe('Shop now');
    expect(el.querySelector('a')).toBeNull();
  });

  it('cuts plain text to max characters plus the ellipsis', () => {
    expect(html('abcdefghij', 4).textContent).toBe('abcd...');
    expect(html('abcd', 4).textContent).toBe('abcd');
  });

  it('cuts the visible text of markup without breaking its elements', () => {
    const el = html('<b>abc</b>defgh<i>ij</i>', 5);
    expect(el.textContent).toBe('abcde...');
    expect(el.querySelector('b')?.textContent).toBe('abc');
    expect(el.querySelector('i')).toBeNull();
    expect(sanitizeCouponHtml('<b>abc</b>def', 3, '…')).toBe('<b>abc</b>…');
  });

  it('gives a plain-text form for attributes', () => {
    expect(couponPlainText('<b>{Month}</b> <img src=x onerror=alert(1)>sale', now)).toBe('November sale');
    expect(couponPlainText('a<style>body{display:none}</style><script>x()</script>b', now)).toBe('ab');
  });
});
