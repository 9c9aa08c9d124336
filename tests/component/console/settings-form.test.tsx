import fc from 'fast-check';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { SECTION_TYPES } from '../../../src/shared/contract/sections';
import { catalogueEntry } from '../../../src/client/console/studio/section-catalogue';
import { SettingsForm, type SettingsProblem } from '../../../src/client/console/studio/settings-form';
import { settingsArbitrary } from '../../property/engine/schema-arbitrary';

// Issue 29: the settings form the layout studio generates from a section type's schema, as an operator uses it: every
// type's form opens without changing anything, every input is named, an edit emits settings of the schema's types,
// lists grow and shrink within their bounds, optional settings stay out until set, and the validators' problems show
// beside their fields.

afterEach(cleanup);

const entry = (type: string) => {
  const found = catalogueEntry(type);
  if (!found) throw new Error(`no catalogue entry ${type}`);
  return found;
};

/** The form as the studio holds it: the settings in state, every emitted value recorded. */
function Studio(props: { type: string; initial: unknown; problems?: SettingsProblem[]; emitted: unknown[] }) {
  const [value, setValue] = useState(props.initial);
  return (
    <SettingsForm
      schema={entry(props.type).schema}
      value={value}
      onChange={(next) => {
        props.emitted.push(next);
        setValue(next);
      }}
      problems={props.problems ?? []}
      idPrefix="s1"
    />
  );
}

function open(type: string, initial: unknown, problems: SettingsProblem[] = []) {
  const emitted: unknown[] = [];
  const view = render(<Studio type={type} initial={initial} problems={problems} emitted={emitted} />);
  return { emitted, last: () => emitted.at(-1), ...view };
}

const inputs = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('input, select, textarea, output')];

describe('every section type’s form', () => {
  it.each(SECTION_TYPES)(
    '%s: opens on its defaults and on random settings without emitting, every input named',
    (type) => {
      const samples = [entry(type).defaults(), ...fc.sample(settingsArbitrary(type), { numRuns: 3, seed: 29 })];
      for (const settings of samples) {
        const onChange = vi.fn();
        const before = JSON.stringify(settings);
        const { container, unmount } = render(
          <SettingsForm schema={entry(type).schema} value={settings} onChange={onChange} problems={[]} idPrefix="t" />,
        );
        expect(onChange).not.toHaveBeenCalled();
        expect(JSON.stringify(settings)).toBe(before);
        for (const input of inputs(container)) expect(input).toHaveAccessibleName();
        const ids = [...container.querySelectorAll('[id]')].map((e) => e.id);
        expect(new Set(ids).size, `${type}: duplicate element ids`).toBe(ids.length);
        for (const button of container.querySelectorAll('button')) expect(button).toHaveAccessibleName();
        unmount();
      }
    },
  );

  it('says so when a type has no settings', () => {
    open('affiliate-disclosure', {});
    expect(screen.getByText('This section has no settings.')).toBeVisible();
  });
});

describe('editing', () => {
  const grid = { source: 'latest', collapsed: 2, expanded: 4 };

  it('emits the number typed into a whole-number field, and keeps the keys in their order', () => {
    const form = open('deal-grid', grid);
    fireEvent.change(screen.getByRole('textbox', { name: 'Expanded' }), { target: { value: '12' } });
    expect(form.last()).toEqual({ source: 'latest', collapsed: 2, expanded: 12 });
    expect(Object.keys(form.last() as object)).toEqual(['source', 'collapsed', 'expanded']);
    expect(typeof (form.last() as { expanded: unknown }).expanded).toBe('number');
  });

  it('keeps what the operator types while it is not a whole number yet, and emits nothing for it', () => {
    const form = open('deal-grid', grid);
    const expanded = screen.getByRole('textbox', { name: 'Expanded' });
    for (const text of ['', '-', '1e', '2.5']) {
      fireEvent.change(expanded, { target: { value: text } });
      expect(expanded).toHaveValue(text);
      expect(expanded).toHaveAttribute('aria-invalid', 'true');
      expect(expanded).toHaveAccessibleDescription(/Not a whole number yet: the setting keeps 4/);
    }
    expect(form.emitted).toEqual([]);
    fireEvent.change(expanded, { target: { value: '07' } });
    expect(expanded).toHaveValue('07');
    expect(form.last()).toEqual({ ...grid, expanded: 7 });
  });

  it('steps a number with the arrow keys inside its bounds, the $data one included', () => {
    const form = open('deal-grid', grid);
    const collapsed = screen.getByRole('textbox', { name: 'Collapsed' });
    expect(collapsed).toHaveAccessibleDescription(/A whole number from 1 to 4 \(expanded\)/);
    fireEvent.keyDown(collapsed, { key: 'ArrowUp' });
    fireEvent.keyDown(collapsed, { key: 'ArrowUp' });
    fireEvent.keyDown(collapsed, { key: 'ArrowUp' });
    expect(form.last()).toEqual({ ...grid, collapsed: 4 });
  });

  it('toggles a boolean: an absent one shows its default, and a click sets it', () => {
    const form = open('deal-grid', grid);
    const badge = screen.getByRole('checkbox', { name: 'Verification badge' });
    expect(badge).toBeChecked();
    fireEvent.click(badge);
    expect(form.last()).toEqual({ ...grid, verificationBadge: false });
    expect(screen.getByRole('checkbox', { name: 'Verification badge' })).not.toBeChecked();
  });

  it('picks an option of an enum from a select', () => {
    const form = open('deal-grid', grid);
    const source = screen.getByRole('combobox', { name: 'Source' });
    fireEvent.change(source, {
      target: {
        value: String(
          within(source)
            .getAllByRole('option')
            .findIndex((o) => o.textContent === 'recommended'),
        ),
      },
    });
    expect(form.last()).toEqual({ ...grid, source: 'recommended' });
  });

  it('leaves an optional setting out until it is set, and Remove leaves it out again', () => {
    const form = open('deal-grid', grid);
    expect(screen.queryByRole('button', { name: /Remove Title/ })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Top picks' } });
    expect(form.last()).toEqual({ ...grid, title: 'Top picks' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Title (leave it unset)' }));
    expect(form.last()).toEqual(grid);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  });

  it('resets a setting changed from its default', () => {
    const form = open('deal-grid', { ...grid, nameCut: 60 });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Name cut to its default' }));
    expect(form.last()).toEqual(grid);
    expect(screen.getByRole('textbox', { name: 'Name cut' })).toHaveValue('50');
    expect(screen.queryByRole('button', { name: /Reset Name cut/ })).toBeNull();
  });

  it('offers no reset for an object that means its default once validation fills it in', () => {
    open('recommended-deals', entry('recommended-deals').defaults());
    expect(within(screen.getByRole('group', { name: 'Banner' })).getByRole('checkbox', { name: 'Loop' })).toBeChecked();
    expect(screen.queryByRole('button', { name: /^Reset Banner/ })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Loop' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reset Banner to its default' }));
    expect(screen.getByRole('checkbox', { name: 'Loop' })).toBeChecked();
  });

  it('switches a nullable setting between none and a number', () => {
    const form = open('banner-pairs', {});
    const none = screen.getByRole('checkbox', { name: 'Limit: none' });
    expect(none).toBeChecked();
    fireEvent.click(none);
    expect(form.last()).toEqual({ limit: 1 });
    fireEvent.change(screen.getByRole('textbox', { name: 'Limit' }), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Limit: none' }));
    expect(form.last()).toEqual({ limit: null });
  });

  it('writes into a nested object the settings leave out, starting from its default', () => {
    const form = open('footer-main', { style: 'one' });
    const privacy = screen.getByRole('group', { name: 'Privacy link' });
    fireEvent.change(within(privacy).getByRole('textbox', { name: 'Label' }), { target: { value: 'Privacy' } });
    expect(form.last()).toEqual({ style: 'one', privacyLink: { label: 'Privacy', to: '/privacypolicy' } });
  });

  it('adds an optional object that has no default with its Add button', () => {
    const form = open('top-deals', {});
    fireEvent.click(screen.getByRole('button', { name: 'Add Newsletter' }));
    expect(form.last()).toMatchObject({ newsletter: { variant: 'hero' } });
    expect(
      within(screen.getByRole('group', { name: 'Newsletter' })).getByRole('combobox', { name: 'Variant' }),
    ).toBeVisible();
  });
});

describe('lists', () => {
  const grids = (...counts: number[]) => ({ grids: counts.map((count) => ({ count, action: 'new-tab' })) });

  it('adds an item up to maxItems, then Add is off', () => {
    const form = open('recommended-deals', grids(3));
    const add = screen.getByRole('button', { name: 'Add to Grids' });
    fireEvent.click(add);
    expect(form.last()).toEqual({
      grids: [
        { count: 3, action: 'new-tab' },
        { count: 1, action: 'redirect-step', offset: 0 },
      ],
    });
    fireEvent.click(add);
    fireEvent.click(add);
    expect(screen.getByRole('group', { name: 'Grids 4' })).toBeVisible();
    expect(add).toBeDisabled();
    fireEvent.click(add);
    expect(form.emitted).toHaveLength(3);
  });

  it('removes an item, never below minItems', () => {
    const form = open('recommended-deals', grids(3, 5));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Grids 1' }));
    expect(form.last()).toEqual(grids(5));
    expect(screen.getByRole('button', { name: 'Remove Grids 1' })).toBeDisabled();
  });

  it('moves an item up and down, and the first cannot go up', () => {
    const form = open('recommended-deals', grids(1, 2, 3));
    expect(screen.getByRole('button', { name: 'Move Grids 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Grids 3 down' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Move Grids 3 up' }));
    expect(form.last()).toEqual(grids(1, 3, 2));
    expect(screen.getByRole('button', { name: 'Move Grids 2 up' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Move Grids 1 down' }));
    expect(form.last()).toEqual(grids(3, 1, 2));
  });

  it('adds a list item of values: a banner position not in the list yet', () => {
    const form = open('deal-grid', { source: 'latest', collapsed: 1, expanded: 4, bannerPositions: [1, 2] });
    fireEvent.click(screen.getByRole('button', { name: 'Add to Banner positions' }));
    expect(form.last()).toMatchObject({ bannerPositions: [1, 2, 3] });
    fireEvent.change(screen.getByRole('textbox', { name: 'Banner positions 3' }), { target: { value: '9' } });
    expect(form.last()).toMatchObject({ bannerPositions: [1, 2, 9] });
  });
});

describe('problems', () => {
  it('shows a problem beside its field: invalid, and described by the message', () => {
    open('deal-grid', { source: 'latest', collapsed: 5, expanded: 4 }, [
      { pointer: '/collapsed', message: 'must be <= 4' },
    ]);
    const collapsed = screen.getByRole('textbox', { name: 'Collapsed' });
    expect(collapsed).toHaveAttribute('aria-invalid', 'true');
    expect(collapsed).toHaveAccessibleDescription(/must be <= 4/);
    expect(screen.getByRole('textbox', { name: 'Expanded' })).not.toHaveAttribute('aria-invalid');
  });

  it('shows a problem of a list item’s field in that item', () => {
    const problem = { pointer: '/grids/1/count', message: 'offset 0 + count 30 = 30 is more than fetchLimit 18' };
    open(
      'recommended-deals',
      {
        grids: [
          { count: 2, action: 'new-tab' },
          { count: 30, action: 'new-tab' },
        ],
      },
      [problem],
    );
    const second = screen.getByRole('group', { name: 'Grids 2' });
    expect(within(second).getByRole('textbox', { name: 'Count' })).toHaveAccessibleDescription(
      /more than fetchLimit 18/,
    );
    expect(
      within(screen.getByRole('group', { name: 'Grids 1' })).getByRole('textbox', { name: 'Count' }),
    ).not.toHaveAttribute('aria-invalid');
  });

  it('lists a problem of a setting the form does not show above the form', () => {
    open('deal-grid', { source: 'latest', collapsed: 1, expanded: 4, colour: 'red' }, [
      { pointer: '/colour', message: 'unknown property "colour"' },
    ]);
    expect(
      within(screen.getByRole('group', { name: 'Problems of the settings' })).getByText(/unknown property "colour"/),
    ).toBeVisible();
  });
});
