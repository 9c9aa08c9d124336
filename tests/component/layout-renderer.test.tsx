import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { checkDocument } from '../../src/client/engine/check-document';
import { LayoutRenderer } from '../../src/client/engine/layout-renderer';
import { defineSection } from '../../src/client/engine/types';
import { loadedRegistry } from '../../src/client/engine/section-registry';
import { withProviders } from './render-helpers';

afterEach(cleanup);

const newsletter = { variant: 'hero', heading: 'Subscribe today', subheading: 'Never miss an offer' };
const doc = (sections: unknown[]) => ({ schemaVersion: 1, kind: 'home', title: 'Test', serves: ['*'], sections });

function Boom(): never {
  throw new Error('kaboom');
}

const registry = loadedRegistry(
  defineSection('newsletter', { component: ({ settings }) => <h2>{settings.heading}</h2> }),
  defineSection('promo-strip', { component: Boom }),
);
const context = { host: 'test.localhost', assetBase: '/assets/', preview: false };

describe('layout renderer', () => {
  it('renders the sections of a document in order', () => {
    const checked = checkDocument(
      doc([
        { id: 'a', type: 'newsletter', settings: { ...newsletter, heading: 'First' } },
        { id: 'b', type: 'newsletter', settings: { ...newsletter, heading: 'Second' } },
      ]),
      'layouts/home/t.json',
    );
    render(withProviders(<LayoutRenderer checked={checked} registry={registry} context={context} />));
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['First', 'Second']);
  });

  it('skips an unknown section type and an invalid one, reports both, and keeps the rest', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const checked = checkDocument(
      doc([
        { id: 'x', type: 'no-such-section', settings: {} },
        { id: 'y', type: 'newsletter', settings: { variant: 'nope' } },
        { id: 'z', type: 'newsletter', settings: { ...newsletter, heading: 'Kept' } },
      ]),
      'layouts/home/t.json',
    );
    render(withProviders(<LayoutRenderer checked={checked} registry={registry} context={context} />));
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Kept']);
    expect(screen.queryByTestId('layout-diagnostic')).toBeNull();
    const lines = warn.mock.calls.map((c) => String(c[0]));
    expect(
      lines.some((l) => l.includes('layouts/home/t.json /sections/0/type: unknown section type "no-such-section"')),
    ).toBe(true);
    expect(lines.some((l) => l.includes('layouts/home/t.json /sections/1/settings/variant'))).toBe(true);
    warn.mockRestore();
  });

  it('shows a diagnostic box for a broken section in preview mode', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const checked = checkDocument(
      doc([{ id: 'y', type: 'newsletter', settings: { variant: 'hero', completeMs: 999999 } }]),
      'layouts/home/p.json',
    );
    render(
      withProviders(<LayoutRenderer checked={checked} registry={registry} context={{ ...context, preview: true }} />),
    );
    const box = screen.getByTestId('layout-diagnostic');
    expect(box.textContent).toContain('layouts/home/p.json');
    expect(box.textContent).toContain('/sections/0/settings/completeMs');
  });

  it('contains a section that throws while rendering to that section', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const checked = checkDocument(
      {
        schemaVersion: 1,
        kind: 'header',
        title: 'T',
        serves: ['*'],
        sections: [{ id: 'p', type: 'promo-strip', settings: { items: [{ label: 'A' }] } }],
      },
      'layouts/header/t.json',
    );
    expect(checked.sections[0]?.problems).toEqual([]);
    render(withProviders(<LayoutRenderer checked={checked} registry={registry} context={context} />));
    expect(screen.getByRole('alert').textContent).toContain('could not be shown');
  });

  it('marks a document with a broken envelope as unusable', () => {
    const checked = checkDocument({ schemaVersion: 2, kind: 'home', sections: [] }, 'layouts/home/bad.json');
    expect(checked.usable).toBe(false);
    expect(checked.problems.length).toBeGreaterThan(0);
  });
});
