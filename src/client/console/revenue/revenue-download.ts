import type { RevenueView } from '../../../shared/contract/revenue';
import { revenueCsv } from '../../../shared/revenue/csv-export';
import { textOf } from './revenue-format';

// The table as a CSV file (src/shared/revenue/csv-export.ts writes it), saved through a Blob and an <a download>.
// The file starts with a UTF-8 byte-order mark: Excel reads a CSV without one in the machine's legacy code page, and
// labels outside ASCII ("Müller", "€") come out garbled; LibreOffice, Numbers, Google Sheets and csv-parse (bom:
// true) take the mark for what it is. revenueCsv() itself writes none.

const BOM = '\uFEFF';
const REVOKE_AFTER_MS = 40_000;

/** The file's content: the mark, then the CSV of the view with its labels as text (markup of titles dropped). */
export function csvBlob(view: RevenueView): Blob {
  const labelled = { ...view, rows: view.rows.map((r) => ({ ...r, label: textOf(r.label) })) };
  return new Blob([BOM, revenueCsv(labelled)], { type: 'text/csv;charset=utf-8' });
}

/** Saves the view as `fileName` (the browser's download). */
export function downloadCsv(view: RevenueView, fileName: string): void {
  const url = URL.createObjectURL(csvBlob(view));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // Dropped once the browser has surely read it (a download may start after this task; FileSaver.js waits 40 s too).
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
