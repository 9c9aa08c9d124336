import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cssColour } from '../../../src/shared/rules';

// Issue 18: a colour that reaches a style attribute can never end its declaration, open a url( or leave the attribute.
const ATTACK = 'red;position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:2147483647;background:url(/x)';
const cssish = fc.string({
  unit: fc.constantFrom(...'#0123456789abcdefABCDEFrgbhsla(),.%/ ;:-+"\'\\<>urldeg\n\t'),
  maxLength: 40,
});

describe('cssColour (strict colour rule)', () => {
  it('never lets a declaration end, a url( or a quote through, for any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), cssish, fc.string({ unit: 'grapheme' })), (s) => {
        const out = cssColour(s);
        if (out === null) return;
        expect(out).not.toMatch(/[;:"'<>\\{}!\n\r\t]/);
        expect(out.toLowerCase()).not.toContain('url(');
        expect(out.split('(').length).toBeLessThanOrEqual(2);
      }),
    );
  });

  it("keeps hex, numeric rgb()/hsl() and named colours; refuses the issue's payload", () => {
    for (const c of [
      '#0f766e',
      '#fff',
      '#ffff',
      '#11223344',
      'rgb(1, 2, 3)',
      'rgba(1 2 3 / 50%)',
      'hsl(120deg 50% 40%)',
      'rebeccapurple',
    ]) {
      expect(cssColour(` ${c} `)).toBe(c);
    }
    for (const c of [
      ATTACK,
      'rgb(var(--x))',
      'rgb(1,2,3);color:red',
      'url(/x)',
      'expression(alert(1))',
      '#12345',
      '',
      'red blue',
    ]) {
      expect(cssColour(c)).toBeNull();
    }
  });
});
