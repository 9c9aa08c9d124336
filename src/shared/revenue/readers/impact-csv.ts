import type { ReportItem } from '../../contract/revenue';
import { mapImpactAction, type ImpactActionField } from './impact-json';
import { itemOf, readCsvRows, type CsvShape } from './report-files';

// Issue 31: Impact's Actions as CSV: the Actions API answered in CSV (its headers are the Action's field names, Id,
// CampaignId, State, Payout…) or an action listing report downloaded from the partner interface (Reports > Action
// Listing > download CSV, headed "Action Id", "Campaign Name", "Status", "Sale Amount", "Sub Id 1", "Action Date").
// Either spelling is read, in any case; each row is one Action, mapped as impact-json.ts maps the JSON (same states,
// same paid rule, same dates). Amounts may carry thousands commas (`1,234.56`).

export const IMPACT_CSV: CsvShape<ImpactActionField> = {
  name: "Impact's Actions CSV",
  columns: {
    Id: ['Id', 'Action Id', 'ActionId'],
    CampaignId: ['CampaignId', 'Campaign Id', 'Program Id', 'ProgramId'],
    CampaignName: ['CampaignName', 'Campaign Name', 'Program Name', 'Campaign', 'Brand'],
    State: ['State', 'Status', 'Action Status'],
    Payout: ['Payout', 'Action Earnings', 'Earnings'],
    IntendedPayout: ['IntendedPayout', 'Intended Payout'],
    Amount: ['Amount', 'Sale Amount', 'SaleAmount'],
    IntendedAmount: ['IntendedAmount', 'Intended Amount'],
    Currency: ['Currency', 'Action Currency'],
    SubId1: ['SubId1', 'Sub Id 1', 'Sub Id1', 'Sub ID'],
    EventDate: ['EventDate', 'Event Date', 'Action Date'],
    ClearedDate: ['ClearedDate', 'Cleared Date', 'Clearing Date'],
    LockedStatus: ['LockedStatus', 'Locked Status'],
  },
  required: ['Id', 'State', 'Payout', 'Currency', 'EventDate'],
};

/** Each row of an Impact Actions CSV, mapped or with why not ("line N", the header is line 1). */
export function readImpactCsv(text: string): ReportItem[] {
  const read = readCsvRows(text, IMPACT_CSV);
  if (!read.ok) return read.items;
  return read.rows.map(({ where, cells, problem }) =>
    problem ? { where, ok: false, reason: problem } : itemOf(where, mapImpactAction(cells)),
  );
}
