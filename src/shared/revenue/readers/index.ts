import { REPORT_FORMATS, type ReportFormat, type ReportItem } from '../../contract/revenue';
import { readAdmitadJson } from './admitad-json';
import { readAwinCsv } from './awin-csv';
import { readAwinJson } from './awin-json';
import { readCjJson } from './cj-json';
import { readImpactCsv } from './impact-csv';
import { readImpactJson } from './impact-json';
import { readRakutenCsv } from './rakuten-csv';
import { readTradedoublerJson } from './tradedoubler-json';

// Issue 31: the eight transaction-report formats (src/shared/contract/revenue.ts, REPORT_FORMATS), each read by its
// pure reader into ReportItems, one per record (docs/revenue-formats.md maps each network's fields and states). A
// Record over ReportFormat: a new format does not compile until it has a reader. The readers run in the browser
// (the console previews a file before it is sent) and on the server (the import), on the file's whole text.

export type ReportReader = (text: string) => ReportItem[];

export const REPORT_READERS: Readonly<Record<ReportFormat, ReportReader>> = {
  'awin-csv': readAwinCsv,
  'awin-json': readAwinJson,
  'cj-json': readCjJson,
  'impact-csv': readImpactCsv,
  'impact-json': readImpactJson,
  'rakuten-csv': readRakutenCsv,
  'tradedoubler-json': readTradedoublerJson,
  'admitad-json': readAdmitadJson,
};

const isFormat = (format: string): format is ReportFormat => (REPORT_FORMATS as readonly string[]).includes(format);

/**
 * Every record of a report in `format`, mapped or refused with its reason. Never throws: a format it does not know
 * or a reader's own failure is one refused item, so an import always has something to show.
 */
export function readReport(format: ReportFormat, text: string): ReportItem[] {
  if (!isFormat(format))
    return [{ where: 'the file', ok: false, reason: `"${String(format)}" is not a report format` }];
  try {
    return REPORT_READERS[format](text);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return [{ where: 'the file', ok: false, reason: `the ${format} reader failed: ${why.slice(0, 200)}` }];
  }
}
