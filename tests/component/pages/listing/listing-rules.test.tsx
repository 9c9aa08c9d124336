import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { addedAgo, daysSince } from '../../../../src/client/features/listing/added-ago';
import {
  LETTERS,
  groupByLetter,
  letterId,
  letterOf,
  letterPages,
} from '../../../../src/client/features/listing/letters';
import { rangeText } from '../../../../src/client/features/listing/range-text';
import { recordSearchOnce } from '../../../../src/client/api/search';
import { json } from './listing-fixtures';
import { nextTurn } from '../../../helpers/wait';

const DEALS = { one: 'deal', many: 'deals' };

describe('letters (A–Z directory)', () => {
  it('files a name under its first letter, accents removed; digits and symbols under #', () => {
    expect(['apple', ' Zebra', 'Églantine', 'ñandu', '8Bit', '&Co', ''].map(letterOf)).toEqual([
      'A',
      'Z',
      'E',
      'N',
      '#',
      '#',
      '#',
    ]);
    expect(LETTERS).toHaveLength(27);
    expect([letterId('#'), letterId('Q')]).toEqual(['stores-letter-other', 'stores-letter-q']);
  });

  it('groups in order of first appearance, keeping the API order inside each group', () => {
    const groups = groupByLetter(['8Bit', 'Atlas', 'Avon', 'Bluebird', 'Zeph', 'Églantine', 'Ebb'], (n) => n);
    expect(groups).toEqual([
      { letter: '#', items: ['8Bit'] },
      { letter: 'A', items: ['Atlas', 'Avon'] },
      { letter: 'B', items: ['Bluebird'] },
      { letter: 'Z', items: ['Zeph'] },
      { letter: 'E', items: ['Églantine', 'Ebb'] },
    ]);
  });

  it('knows the page each letter starts on', () => {
    const pages = letterPages(['Atlas', 'Avon', 'Bluebird', 'Brew', 'Cove', 'Zeph'], 2);
    expect(Object.fromEntries(pages)).toEqual({ A: 1, B: 2, C: 3, Z: 3 });
  });
});

describe('addedAgo', () => {
  const now = new Date(2026, 10, 22, 9, 30);
  it('counts calendar days in local time', () => {
    expect(addedAgo(new Date(2026, 10, 22, 0, 5).toISOString(), now)).toBe('Added today');
    expect(addedAgo(new Date(2026, 10, 21, 23, 59).toISOString(), now)).toBe('Added yesterday');
    expect(addedAgo(new Date(2026, 10, 12, 10).toISOString(), now)).toBe('Added 10 days ago');
    expect(addedAgo(new Date(2025, 10, 22, 10).toISOString(), now)).toBe('Added 365 days ago');
  });
  it('a future date (clock skew) is today; a missing or broken date gives nothing', () => {
    expect(daysSince(new Date(2026, 10, 25).toISOString(), now)).toBe(0);
    expect([addedAgo(undefined, now), addedAgo(null, now), addedAgo('not a date', now)]).toEqual([null, null, null]);
  });
});

describe('rangeText', () => {
  it('says which part of the list a page shows', () => {
    expect(rangeText(1, 12, 411, DEALS)).toBe('Showing 1–12 of 411 deals');
    expect(rangeText(35, 12, 411, DEALS)).toBe('Showing 409–411 of 411 deals');
    expect(rangeText(1, 12, 5, DEALS)).toBe('5 deals');
    expect(rangeText(1, 12, 1, DEALS)).toBe('1 deal');
    expect(rangeText(1, 12, 0, DEALS)).toBe('No deals');
    expect(rangeText(1, 12, 12_345, DEALS)).toBe('Showing 1–12 of 12,345 deals');
    expect(rangeText(99, 12, 411, DEALS)).toBeNull();
  });
});

describe('recordSearchOnce', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('posts {name} once per term and session; a failed post is retried on the next visit', async () => {
    const fetchMock = vi.fn(async () => json(503, { success: false, message: 'database unavailable' }));
    vi.stubGlobal('fetch', fetchMock);
    expect(recordSearchOnce('  Garden ')).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method, init.body]).toEqual([
      '/api/end-user/search/record',
      'POST',
      JSON.stringify({ name: 'Garden' }),
    ]);
    // Failed: forgotten again, so the next visit sends it.
    await waitFor(() => expect(sessionStorage.getItem('recordedSearches')).toBe('[]'));
    fetchMock.mockImplementation(async () => json(200, { success: true, message: 'Search recorded.' }));
    expect(recordSearchOnce('garden')).toBe(true);
    await nextTurn(); // its answer handled: a failure would have forgotten it again
    expect(recordSearchOnce('GARDEN')).toBe(false);
    expect(recordSearchOnce('   ')).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
