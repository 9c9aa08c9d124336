import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { confidence, earnings, ExperimentPanel } from '../../../src/client/console/studio/experiment-report';
import type { ExperimentReport } from '../../../src/shared/contract/experiments';

// Issue 29: the layout studio shows the experiment a document is an arm of, from the report the server computes
// (GET /api/admin/experiments): reveals and click-outs per 100 shoppers as bars and as a table, and how sure the
// difference from the control is; and (issue 31) each arm's earnings per 100 clicks with the revenue verdict.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const money = {
  clicks: 0,
  transactions: 0,
  unconverted: 0,
  commission_minor: 0,
  epc_minor: 0,
  epc_low_minor: null,
  epc_high_minor: null,
  epc_p_value: null,
} as const;
const report: ExperimentReport = {
  id: 'spring-home',
  control: 'control',
  leftOut: { never_returned: 3, machine_timing: 1, network_burst: 0, total: 4 },
  variants: [
    {
      variant: 'control',
      shoppers: 400,
      reveals: 60,
      revealers: 50,
      revealsPer100: 15,
      clickOuts: 20,
      pValue: null,
      ...money,
      clicks: 1000,
      transactions: 40,
      commission_minor: 9460,
      epc_minor: 946,
      epc_low_minor: 641.28,
      epc_high_minor: 1250.72,
      epc_verdict: 'control',
    },
    {
      variant: 'bold',
      shoppers: 380,
      reveals: 95,
      revealers: 80,
      revealsPer100: 25,
      clickOuts: 38,
      pValue: 0.003,
      ...money,
      clicks: 1000,
      transactions: 62,
      unconverted: 2,
      commission_minor: 17370,
      epc_minor: 1737,
      epc_low_minor: 1288.58,
      epc_high_minor: 2185.42,
      epc_p_value: 0.0042,
      epc_verdict: 'higher',
    },
  ],
  currency: 'EUR',
  revenue_verdict: 'higher',
  revenue_statement: 'bold earns more per click than control (EPC 17.37 vs 9.46 EUR per 100 clicks, p = 0.0042)',
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

  it('shows each arm’s earnings per 100 clicks and the revenue verdict, with headers for screen readers', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, data: [report] }));
    render(<ExperimentPanel doc={{ ...arm, experiment: { id: 'spring-home', variant: 'bold', weight: 50 } }} />);
    const table = await screen.findByRole('table', {
      name: 'Earnings of experiment “spring-home” per counted click-out, in EUR',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      'Variant',
      'Clicks',
      'Transactions',
      'Commission (EUR)',
      'EPC (EUR per 100 clicks)',
      '95% interval',
      'Against the control',
    ]);
    const cells = (name: RegExp) =>
      within(within(table).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(/^bold/)).toEqual([
      '1000',
      '62 (2 with no rate)',
      '173.70',
      '17.37',
      '12.89–21.85',
      '99.6% confident it earns more',
    ]);
    expect(cells(/^control/)).toEqual(['1000', '40', '94.60', '9.46', '6.41–12.51', 'control']);
    expect(screen.getByText(/^Revenue: bold earns more per click than control/)).toBeTruthy();
  });

  it('says when there is too little money to decide', async () => {
    const little: ExperimentReport = {
      ...report,
      variants: report.variants.map((v) => ({
        ...v,
        ...money,
        clicks: 12,
        epc_verdict: v.variant === 'control' ? 'control' : 'too-little-money',
      })),
      revenue_verdict: 'too-little-money',
      revenue_statement:
        'too little money to decide: each arm needs at least 30 transactions counted in its EPC, and some commission (control 0, bold 0)',
    };
    fetchMock.mockResolvedValue(json(200, { success: true, data: [little] }));
    render(<ExperimentPanel doc={{ ...arm, experiment: { id: 'spring-home', variant: 'bold', weight: 50 } }} />);
    const table = await screen.findByRole('table', { name: /Earnings of experiment/ });
    const bold = within(table).getByRole('row', { name: /bold/ });
    expect(
      within(bold)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['12', '0', '0.00', '0.00', '–', 'too little money to decide']);
    expect(screen.getByText(/^Revenue: too little money to decide/)).toBeTruthy();
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
    expect(earnings('control', null)).toBe('control');
    expect(earnings('too-little-money', 0.001)).toBe('too little money to decide');
    expect(earnings('not-significant', 0.31)).toBe('not significant yet (p = 0.31)');
    expect(earnings('lower', 0.02)).toBe('98.0% confident it earns less');
  });
});
