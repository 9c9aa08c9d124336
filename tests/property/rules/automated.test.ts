import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { looksAutomated } from '../../../src/shared/rules';

// Issue 13: votes of machines are stored, not counted.
const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
  'Mozilla/5.0 (Linux; Android 12; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
];

const MACHINES = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'Baiduspider+(+http://www.baidu.com/search/spider.htm)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Twitterbot/1.0',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (compatible; Google Web Preview)',
  'CCBot/2.0 (https://commoncrawl.org/faq/)',
  'Nessus SOAP v0.0.1 (Nessus.org) scanner',
  'curl/8.5.0',
  'Wget/1.21.4',
  'python-requests/2.32.3',
  'axios/1.7.9',
  'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)',
  'Go-http-client/1.1',
  'Java/17.0.2',
  'Apache-HttpClient/4.5.14 (Java/17.0.2)',
  'okhttp/4.12.0',
  'libwww-perl/6.72',
];
const MARKERS = ['prefetch', 'prefetch;prerender', 'Prefetch', 'preview', 'PREVIEW'];

const ua = fc.oneof(fc.constant(undefined), fc.string({ maxLength: 200 }), fc.constantFrom(...BROWSERS, ...MACHINES));
const noMarker = fc.oneof(
  fc.constant(undefined),
  fc.constant(''),
  fc.string({ maxLength: 40 }).filter((s) => !/prefetch|prerender|preview/i.test(s)),
);
const marker = fc
  .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...MARKERS), fc.string({ maxLength: 10 }))
  .map(([a, m, b]) => `${a}${m}${b}`);

describe('looksAutomated (issue 13: votes of machines are stored, not counted)', () => {
  it('is true for any request with a prefetch or preview marker, cookie or not, whatever the agent', () => {
    fc.assert(
      fc.property(ua, fc.boolean(), marker, (userAgent, hasCookie, purpose) => {
        expect(looksAutomated({ userAgent, hasCookie, purpose })).toBe(true);
      }),
    );
  });

  it('is false for any agent when the voter cookie is there and no marker', () => {
    fc.assert(
      fc.property(ua, noMarker, (userAgent, purpose) => {
        expect(looksAutomated({ userAgent, hasCookie: true, purpose })).toBe(false);
      }),
    );
  });

  it('is true without a cookie for a missing or blank agent', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constant(undefined), fc.stringMatching(/^[ \t]*$/)), noMarker, (userAgent, purpose) => {
        expect(looksAutomated({ userAgent, hasCookie: false, purpose })).toBe(true);
      }),
    );
  });

  it('is true without a cookie for bots, crawlers, previewers, scanners, headless browsers and HTTP libraries', () => {
    const casing = fc.constantFrom(
      (s: string) => s,
      (s: string) => s.toUpperCase(),
      (s: string) => s.toLowerCase(),
    );
    fc.assert(
      fc.property(fc.constantFrom(...MACHINES), casing, noMarker, (agent, c, purpose) => {
        expect(looksAutomated({ userAgent: c(agent), hasCookie: false, purpose }), agent).toBe(true);
      }),
    );
  });

  it('is false without a cookie for the usual browsers (a first vote counts)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BROWSERS), noMarker, (agent, purpose) => {
        expect(looksAutomated({ userAgent: agent, hasCookie: false, purpose }), agent).toBe(false);
      }),
    );
  });

  it('only ever adds machines when the cookie is taken away (a cookie never makes a request look automated)', () => {
    fc.assert(
      fc.property(ua, fc.oneof(noMarker, marker), (userAgent, purpose) => {
        if (looksAutomated({ userAgent, hasCookie: true, purpose }))
          expect(looksAutomated({ userAgent, hasCookie: false, purpose })).toBe(true);
      }),
    );
  });
});
