import { describe, expect, it } from 'vitest';
import { balancedColumns, storeLabelText, storePath } from '../../../src/client/components/stores/store-label';

const store = { slug: 'featherstone-aviary-supply', name: 'Featherstone Aviary Supply' };

describe('store label settings', () => {
  it('upper-cases and cuts the slug without an ellipsis', () => {
    expect(storeLabelText(store, { field: 'slug', case: 'upper', cut: 20 })).toBe('FEATHERSTONE-AVIARY-');
    expect(storeLabelText(store, { field: 'slug', case: 'upper', cut: null })).toBe('FEATHERSTONE-AVIARY-SUPPLY');
  });

  it('uses the name, lower case or as it is when told', () => {
    expect(storeLabelText(store, { field: 'name', case: 'as-is', cut: null })).toBe('Featherstone Aviary Supply');
    expect(storeLabelText(store, { field: 'name', case: 'lower', cut: 12 })).toBe('featherstone');
    expect(storeLabelText(store, { field: 'slug', case: 'as-is', cut: 5 })).toBe('feath');
  });

  it('links to /store/{slug}', () => {
    expect(storePath('quill-ledger')).toBe('/store/quill-ledger');
  });

  it('fills rows evenly', () => {
    expect([
      balancedColumns(12, 6),
      balancedColumns(8, 6),
      balancedColumns(10, 6),
      balancedColumns(6, 4),
      balancedColumns(3, 6),
      balancedColumns(0, 6),
    ]).toEqual([6, 4, 5, 3, 3, 1]);
  });
});
