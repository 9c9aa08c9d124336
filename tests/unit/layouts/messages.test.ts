import { describe, expect, it } from 'vitest';
import { lineAndColumn, parseJson } from '../../../src/shared/layout/parse-json';
import { SECTION_TYPES } from '../../../src/shared/contract/sections';
import { schemaErrorsToIssues, valueAtPointer } from '../../../src/shared/layout/schema-errors';
import { validateLayoutDocument } from '../../../src/server/layouts/load';
import { servingProblems } from '../../../src/server/layouts/serving';
import type { LayoutDocument } from '../../../src/shared/layout/types';

// The words operators read: JSON syntax positions, schema errors in plain English, serving conflicts.

describe('parseJson', () => {
  const issue = (text: string) => {
    const parsed = parseJson(text);
    return parsed.ok ? null : parsed.issue.message;
  };

  it('parses valid JSON, ignoring a BOM', () => {
    expect(parseJson('\uFEFF{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
  });

  it('points at the line and column where the text breaks', () => {
    expect(issue('{\n  "a": 1,\n  }')).toBe('invalid JSON at line 3, column 3: expected a double-quoted property name');
    expect(issue('{"a": tru}')).toBe('invalid JSON at line 1, column 7: unexpected character "t"');
    expect(issue('[1,,2]')).toBe('invalid JSON at line 1, column 4: unexpected character ","');
    expect(issue('{"a": 1')).toBe("invalid JSON at line 1, column 8: expected ',' or '}' after the property value");
    expect(issue('')).toBe('invalid JSON at line 1, column 1: unexpected end of input');
    expect(issue('{} {}')).toBe('invalid JSON at line 1, column 4: unexpected content after the JSON value');
    expect(issue('{"a": "x\ny"}')).toBe('invalid JSON at line 1, column 9: unescaped control character in string');
  });

  it('counts columns from 1 on each line', () => {
    expect(lineAndColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});

describe('schemaErrorsToIssues', () => {
  it('drops if/then wrappers and repeats, and escapes property names in pointers', () => {
    expect(
      schemaErrorsToIssues(
        [
          { instancePath: '/sections/0', keyword: 'if', params: { failingKeyword: 'then' } },
          { instancePath: '/a', keyword: 'additionalProperties', params: { additionalProperty: 'x/y' } },
          { instancePath: '/a', keyword: 'additionalProperties', params: { additionalProperty: 'x/y' } },
          { instancePath: '/n', keyword: 'type', params: { type: 'integer,null' } },
        ],
        SECTION_TYPES,
      ),
    ).toEqual([
      { pointer: '/a/x~1y', message: 'unknown property "x/y"' },
      { pointer: '/n', message: 'must be integer or null' },
    ]);
  });

  it('names an unknown section type from the data when errors carry none', () => {
    const doc = { sections: [{ type: 'foo' }] };
    const [issue] = schemaErrorsToIssues(
      [{ instancePath: '/sections/0/type', keyword: 'enum', params: { allowedValues: [] } }],
      SECTION_TYPES,
      doc,
    );
    expect(issue?.message).toMatch(/^unknown section type "foo"; known types: affiliate-disclosure, banner-carousel, /);
    expect(valueAtPointer({ 'a/b': { '~': 1 } }, '/a~1b/~0')).toBe(1);
  });
});

describe('validateLayoutDocument', () => {
  it('takes text or a parsed value and does not modify the value', () => {
    const value = {
      schemaVersion: 1,
      kind: 'header',
      title: 'h',
      serves: ['*'],
      sections: [{ id: 'bar', type: 'header-bar', settings: { style: 'one', links: [{ label: 'Home', to: '/' }] } }],
    };
    const before = JSON.stringify(value);
    expect(validateLayoutDocument(value, 'h.json')).toEqual([]);
    expect(validateLayoutDocument(before, 'h.json')).toEqual([]);
    expect(JSON.stringify(value)).toBe(before);
    expect(validateLayoutDocument({ ...value, schemaVersion: 2 }, 'h.json')).toEqual([]);
    expect(validateLayoutDocument({ ...value, schemaVersion: 3 }, 'h.json')).toEqual([
      { file: 'h.json', pointer: '/schemaVersion', message: 'must be one of 1, 2' },
    ]);
    expect(validateLayoutDocument({ ...value, tenants: ['one.localhost'] }, 'h.json')).toEqual([
      {
        file: 'h.json',
        pointer: '/tenants',
        message: '"tenants" needs schemaVersion 2 (this document says 1); run npm run layouts:migrate first',
      },
    ]);
  });
});

describe('servingProblems', () => {
  const entry = (file: string, kind: LayoutDocument['kind'], serves: string[], slot?: 'mobile') => ({
    file,
    doc: { schemaVersion: 1 as const, kind, slot, title: file, serves, sections: [] },
  });

  it('reports a second default on both files and every missing default on its folder', () => {
    const problems = servingProblems([entry('h/a.json', 'home', ['*']), entry('h/b.json', 'home', ['*'])], 'layouts');
    expect(problems.filter((p) => p.file.startsWith('h/'))).toEqual([
      { file: 'h/a.json', pointer: '/serves/0', message: 'several defaults ("*") for home/main; also in h/b.json' },
      { file: 'h/b.json', pointer: '/serves/0', message: 'several defaults ("*") for home/main; also in h/a.json' },
    ]);
    expect(problems.filter((p) => !p.file.startsWith('h/')).map((p) => `${p.file} ${p.message}`)).toEqual([
      'layouts/header no default header document for slot main: exactly one unscheduled document must serve ["*"]',
      'layouts/footer no default footer document for slot main: exactly one unscheduled document must serve ["*"]',
      'layouts/footer no default footer document for slot mobile: exactly one unscheduled document must serve ["*"]',
    ]);
  });

  it('allows one value in different kinds and slots', () => {
    const entries = [
      entry('a', 'home', ['X']),
      entry('a2', 'home', ['*']),
      entry('b', 'header', ['*']),
      entry('c', 'footer', ['X']),
      entry('d', 'footer', ['*']),
      entry('e', 'footer', ['*', 'X'], 'mobile'),
    ];
    expect(servingProblems(entries, 'layouts')).toEqual([]);
  });

  it("compares schedules in each tenant's time zone", () => {
    const timed = (file: string, schedule: { from?: string; until?: string }) => ({
      file,
      doc: {
        schemaVersion: 2 as const,
        kind: 'home' as const,
        title: file,
        serves: [],
        tenants: ['ny.example'],
        schedule,
        sections: [],
      },
    });
    // Wall-clock midnight in New York is 05:00Z: only there does the first run into the second.
    const entries = [timed('a.json', { until: '2026-11-27T00:00' }), timed('b.json', { from: '2026-11-27T02:00:00Z' })];
    const overlaps = (timeZone: string) =>
      servingProblems(entries, 'layouts', [{ hosts: ['ny.example'], homePage: 'x', timeZone }]).filter(
        (p) => p.pointer === '/schedule',
      );
    expect(overlaps('UTC')).toEqual([]);
    expect(overlaps('America/New_York').map((p) => p.file)).toEqual(['a.json', 'b.json']);
  });
});
