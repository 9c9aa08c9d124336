import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { confidence, ExperimentPanel } from '../../../src/client/console/studio/experiment-report';
import type { ExperimentReport } from '../../../src/shared/contract/experiments';

// Issue 29: the layout studio shows the experiment a document is an arm of, from the report the server computes
// (GET /api/admin/experiments): reveals and click-outs per 100 shoppers as bars and as a table, and how sure the
// difference from the control is.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const report: ExperimentReport = {
  id: 'spring-home',
  control: 'control',
  leftOut: { never_returned: 3, machine_timing: 1, network_burst: 0, total: 4 },
  variants: [
    { variant: 'control', shoppers: 400, reveals: 60, revealers: 50, revealsPer100: 15, clickOuts: 20, pValue: null },
    { variant: 'bold', shoppers: 380, reveals: 95, revealers: 80, revealsPer100: 25, clickOuts: 38, pValue: 0.003 },
  ],
};
const arm = { schemaVersion: 2, kind: 'home', title: 'Bold', serves: ['*'], sections: [] };

describe('the studio’s experiment report', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('draws each variant’s reveals and click-outs per 100 shoppers, and the confidence against the control', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, data: [report] }));
    render(<ExperimentPanel doc={{ ...arm, experiment: { id: 'spring-home', variant: 'bold', weight: 50 } }} />);
    const table = await screen.findByRole('table', { name: /Experiment “spring-home”/ });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/admin/experiments');
    const bold = within(table).getByRole('row', { name: /bold/ });
    expect(
      within(bold)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['380', '25.0', '10.0', '99.7% confident it differs']);
    expect(screen.getByRole('img', { name: /control 15\.0 and 5\.0; bold 25\.0 and 10\.0/ })).toBeTruthy();
  });

  it('says when the document is in no experiment, or nobody was counted yet', async () => {
    render(<ExperimentPanel doc={arm} />);
    expect(screen.getByText(/not an arm of an experiment/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    cleanup();
    fetchMock.mockResolvedValue(json(200, { success: true, data: [report] }));
    render(<ExperimentPanel doc={{ ...arm, experiment: { id: 'other', variant: 'b', weight: 50 } }} />);
    expect(await screen.findByText(/No shopper has been counted in experiment “other”/)).toBeTruthy();
  });

  it('reads a p-value honestly', () => {
    expect(confidence(null, true)).toBe('control');
    expect(confidence(null, false)).toBe('not enough shoppers yet');
    expect(confidence(0.2, false)).toBe('not significant yet (p = 0.20)');
    expect(confidence(0.01, false)).toBe('99.0% confident it differs');
  });
});
