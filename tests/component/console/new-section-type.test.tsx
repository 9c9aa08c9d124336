import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { catalogueOf, sectionCatalogue } from '../../../src/client/console/studio/section-catalogue';
import { SettingsForm } from '../../../src/client/console/studio/settings-form';
import type { JsonSchema } from '../../../src/shared/console/settings-model';
import { SECTION_KINDS } from '../../../src/shared/contract/sections';

// Issue 29's Done-when: "A section type added to the contract appears in the studio with a working form and no studio
// code changed." The catalogue is made from the schema files `npm run schemas:write` writes from the section folders;
// given those files plus a new type's, the new type is in it, with its kinds, and its generated form edits it.

const schemas = path.resolve(import.meta.dirname, '../../../schemas');
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;
const sections: Record<string, JsonSchema> = {};
for (const f of readdirSync(path.join(schemas, 'sections')))
  sections[`schemas/sections/${f}`] = read(path.join(schemas, 'sections', f));

/** What `npm run schemas:write` would write for a new folder src/sections/coupon-ticker/. */
const couponTicker: JsonSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://dealdeck.dev/schemas/sections/coupon-ticker.schema.json',
  title: 'Settings of a coupon-ticker section',
  description: 'A line of coupon titles that scrolls by.',
  type: 'object',
  additionalProperties: false,
  properties: {
    heading: { $ref: '../common.schema.json#/definitions/text' },
    count: { type: 'integer', minimum: 1, maximum: 20, default: 5, description: 'Titles shown.' },
    speed: { type: 'string', enum: ['slow', 'fast'], default: 'slow' },
  },
};

describe('a section type added to the contract, in the studio', () => {
  afterEach(cleanup);

  it('is in the catalogue made from the schema files, with its kinds, description and defaults', () => {
    const base = { common: [read(path.join(schemas, 'common.schema.json'))], thumbnails: {}, kinds: SECTION_KINDS };
    const before = catalogueOf({ ...base, sections });
    expect(before.map((e) => e.type)).toEqual(sectionCatalogue().map((e) => e.type));
    expect(before.some((e) => e.type === 'coupon-ticker')).toBe(false);

    const after = catalogueOf({
      ...base,
      sections: { ...sections, 'schemas/sections/coupon-ticker.schema.json': couponTicker },
      kinds: { ...SECTION_KINDS, 'coupon-ticker': ['home'] },
    });
    const entry = after.find((e) => e.type === 'coupon-ticker')!;
    expect(entry).toMatchObject({ title: 'Coupon ticker', kinds: ['home'], thumbnail: null });
    expect(entry.description).toBe('A line of coupon titles that scrolls by.');
    expect(entry.defaults()).toEqual({ count: 5, speed: 'slow' });

    const onChange = vi.fn();
    render(
      <SettingsForm schema={entry.schema} value={entry.defaults()} onChange={onChange} problems={[]} idPrefix="t" />,
    );
    fireEvent.change(screen.getByLabelText(/^Count/), { target: { value: '7' } });
    expect(onChange).toHaveBeenLastCalledWith({ count: 7, speed: 'slow' });
    fireEvent.change(screen.getByLabelText(/^Speed/), { target: { value: '1' } });
    expect(onChange.mock.calls.at(-1)?.[0]).toMatchObject({ speed: 'fast' });
    expect(screen.getByLabelText(/^Heading/)).toBeTruthy();
  });
});
