import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPORT_FORMATS, type ReportFormat, type ReportItem } from '../../../src/shared/contract/revenue';
import { readAdmitadJson } from '../../../src/shared/revenue/readers/admitad-json';
import { readAwinCsv } from '../../../src/shared/revenue/readers/awin-csv';
import { AWIN_STATES, readAwinJson } from '../../../src/shared/revenue/readers/awin-json';
import { CJ_STATES, readCjJson } from '../../../src/shared/revenue/readers/cj-json';
import { readImpactCsv } from '../../../src/shared/revenue/readers/impact-csv';
import { IMPACT_STATES, readImpactJson } from '../../../src/shared/revenue/readers/impact-json';
import { readReport, REPORT_READERS } from '../../../src/shared/revenue/readers/index';
import { readRakutenCsv } from '../../../src/shared/revenue/readers/rakuten-csv';
import { decimalText, isoInstant, usDateTime } from '../../../src/shared/revenue/readers/report-fields';
import { readTradedoublerJson } from '../../../src/shared/revenue/readers/tradedoubler-json';
import { ADMITAD_STATES } from '../../../src/shared/revenue/readers/admitad-json';
import { TRADEDOUBLER_STATES } from '../../../src/shared/revenue/readers/tradedoubler-json';

// Issue 31: each network's transaction report, as its documentation publishes it (tests/fixtures/revenue/, described
// in docs/revenue-formats.md), read into Dealdeck's transactions: field by field, state by state, refusal by refusal.

const fixture = (format: ReportFormat) =>
  readFileSync(
    new URL(`../../fixtures/revenue/${format}.${format.endsWith('csv') ? 'csv' : 'json'}`, import.meta.url),
    'utf8',
  );

/** An item in one line: where, then the transaction's id, sub-ID, state, amounts, currency and instant, or the reason. */
const brief = (i: ReportItem) =>
  i.ok
    ? [
        i.where,
        i.transaction.transaction_id,
        i.transaction.sub_id,
        i.transaction.state,
        i.transaction.commission_minor,
        i.transaction.sale_minor,
        i.transaction.currency,
        i.transaction.occurred_at,
      ]
    : [i.where, i.reason];

const only = (items: readonly ReportItem[]) => {
  expect(items).toHaveLength(1);
  const [item] = items;
  if (!item || item.ok) throw new Error(`expected one refused item, got ${JSON.stringify(items)}`);
  return item;
};

const transactionOf = (items: readonly ReportItem[], where: string) => {
  const item = items.find((i) => i.where === where);
  if (!item?.ok) throw new Error(`no transaction at ${where}: ${JSON.stringify(item)}`);
  return item.transaction;
};

describe('Awin Transactions report CSV', () => {
  const items = readAwinCsv(fixture('awin-csv'));

  it('reads every row of the fixture, each state and the refused rows with their physical line', () => {
    expect(items.map(brief)).toEqual([
      ['line 2', '3185420001', 'k3Jd9_xQ2mPz-7Lw', 'pending', 750, 14999, 'GBP', '2026-03-14T10:42:18.000Z'],
      ['line 3', '3185420002', 'Qm8rT2vXn_4cB1sK', 'approved', 6245, 124900, 'GBP', '2026-03-15T08:05:00.000Z'],
      ['line 4', '3185420003', 'pL0aZ9yW-3eR6tUb', 'paid', 450, 8990, 'EUR', '2026-02-02T19:30:00.000Z'],
      ['line 5', '3185420004', 'Hx7Nc2Vq_b5Mf8Jd', 'declined', 299, 5990, 'EUR', '2026-02-03T21:14:09.000Z'],
      ['line 6', '3185420005', null, 'approved', 175, 3500, 'GBP', '2026-03-20T12:00:00.000Z'],
      ['line 7', '3185420006', 'Ts4Gk9Wp-1Ya6Rz0', 'declined', 200, 4000, 'GBP', '2026-03-21T09:00:00.000Z'],
      ['line 8', '3185420007', 'Wf6Lp1Zs_8Dn3Qa0', 'paid', 11553, 231050, 'EUR', '2026-03-24T16:45:00.000Z'],
      ['line 10', 'commission: "abc" is not an amount'],
      ['line 11', 'the transaction has no id'],
      ['line 12', 'the currency "EURO" is not an ISO 4217 code'],
      ['line 13', 'the commission is negative (-0.50 GBP): no commission is owed'],
      ['line 14', 'date: "31/02/2026 10:00:00" is not a calendar date'],
    ]);
  });

  it('maps a row field by field: advertiser from its columns, a quoted name over two lines made one line', () => {
    expect(transactionOf(items, 'line 8')).toEqual({
      transaction_id: '3185420007',
      sub_id: 'Wf6Lp1Zs_8Dn3Qa0',
      state: 'paid',
      commission_minor: 11553,
      sale_minor: 231050,
      currency: 'EUR',
      occurred_at: '2026-03-24T16:45:00.000Z',
      advertiser_id: '20931',
      advertiser_name: 'Cedar Hollow Home & Garden',
    });
  });

  it("reads the field names of Awin's help (id, commission_status 0/1/2, commission, date) in any case", () => {
    const text =
      'ID;COMMISSION_STATUS;commission;Sale_Amount;currency;click_ref;date;advertiser_id;paid_to_publisher\n' +
      '77;1;"1.234,56";"12.345,60";eur;k3Jd9_xQ2mPz-7Lw;2026-03-01T10:00:00;10502;true\n' +
      '78;2;3,50;70;EUR;;01/03/2026;10502;false\n';
    expect(readAwinCsv(text).map(brief)).toEqual([
      ['line 2', '77', 'k3Jd9_xQ2mPz-7Lw', 'paid', 123456, 1234560, 'EUR', '2026-03-01T10:00:00.000Z'],
      ['line 3', '78', null, 'declined', 350, 7000, 'EUR', '2026-03-01T00:00:00.000Z'],
    ]);
  });

  it('refuses an amount that could be read two ways, and a row whose width is not the header’s', () => {
    const header = 'Transaction ID,Commission Status,Commission Amount,Currency,Transaction Date\n';
    expect(readAwinCsv(`${header}1,pending,"1,250",GBP,01/03/2026\n2,pending,1.00\n`).map(brief)).toEqual([
      ['line 2', 'commission: "1,250" is ambiguous: it may be 1250 or 1.250'],
      ['line 3', 'the row has 3 fields where the header has 5'],
    ]);
  });

  it('counts lines as an editor does: blank lines, CRLF, quoted line breaks and a title line above the header', () => {
    const text =
      'Awin transactions report\r\n\r\n' +
      'Transaction ID,Commission Status,Commission Amount,Currency,Transaction Date,Advertiser Name\r\n' +
      '1,pending,1.00,GBP,01/03/2026,"Orbit\r\nElectronics"\r\n\r\n   \r\n' +
      '2,approved,2.00,GBP,02/03/2026,Northwind\n';
    expect(readAwinCsv(text).map((i) => i.where)).toEqual(['line 4', 'line 8']);
  });

  it('refuses a file that is not the report, once, saying what was expected', () => {
    expect(only(readAwinCsv('name,price\nlamp,10\n'))).toEqual({
      where: 'line 1',
      ok: false,
      reason:
        'the header has no "Transaction ID", "Commission Status", "Commission Amount", "Currency", "Transaction Date" ' +
        "column: this is not Awin's Transactions report CSV",
    });
    expect(only(readAwinCsv('')).reason).toBe(
      "the file is empty: Awin's Transactions report CSV starts with a header line",
    );
    expect(only(readAwinCsv('Transaction ID,Commission Status\n1,"pending\n')).reason).toBe(
      'a quoted field never closes: the file is cut short or a quote is missing',
    );
  });
});

describe('Awin Publisher API transactions JSON', () => {
  const items = readAwinJson(fixture('awin-json'));

  it('reads every transaction of the fixture', () => {
    expect(items.map(brief)).toEqual([
      ['[0]', '3185421001', 'k3Jd9_xQ2mPz-7Lw', 'pending', 559, 5596, 'GBP', '2026-02-20T22:04:00.000Z'],
      ['[1]', '3185421002', 'Qm8rT2vXn_4cB1sK', 'approved', 1240, 24800, 'EUR', '2026-01-11T09:15:30.000Z'],
      ['[2]', '3185421003', 'pL0aZ9yW-3eR6tUb', 'paid', 375, 7500, 'EUR', '2025-12-02T18:00:00.000Z'],
      ['[3]', '3185421004', 'Hx7Nc2Vq_b5Mf8Jd', 'declined', 800, 16000, 'GBP', '2026-02-03T12:00:00.000Z'],
      ['[4]', '3185421005', null, 'pending', 180, 3600, 'GBP', '2026-03-01T07:30:00.000Z'],
      ['[5]', '3185421006', 'Ts4Gk9Wp-1Ya6Rz0', 'declined', 210, 4200, 'GBP', '2026-03-02T08:00:00.000Z'],
      ['[6]', '3185421007', 'Wf6Lp1Zs_8Dn3Qa0', 'approved', 60, 1200, 'JPY', '2026-03-03T03:00:00.000Z'],
      ['[7]', 'the commission is negative (-2.50 GBP): no commission is owed'],
      ['[8]', 'date: "2026-13-01T10:00:00" is not a calendar date'],
    ]);
  });

  it("maps the documentation's example field by field (clickRef, not clickRef2…6, is the sub-ID)", () => {
    expect(transactionOf(items, '[0]')).toEqual({
      transaction_id: '3185421001',
      sub_id: 'k3Jd9_xQ2mPz-7Lw',
      state: 'pending',
      commission_minor: 559,
      sale_minor: 5596,
      currency: 'GBP',
      occurred_at: '2026-02-20T22:04:00.000Z',
      advertiser_id: '10502',
      advertiser_name: null,
    });
  });

  it('leaves the sale out when Awin gives it in another currency than the commission', () => {
    const text = JSON.stringify([
      {
        id: 1,
        commissionStatus: 'pending',
        commissionAmount: { amount: 1.5, currency: 'EUR' },
        saleAmount: { amount: 30, currency: 'USD' },
        transactionDate: '2026-03-01T00:00:00',
      },
    ]);
    expect(transactionOf(readAwinJson(text), '[0]').sale_minor).toBeNull();
  });

  it('refuses what is not the transactions list, once, with the API’s own error when it sent one', () => {
    expect(only(readAwinJson('{"error":"Unauthorized","description":"invalid token"}'))).toEqual({
      where: 'the top level',
      ok: false,
      reason:
        "the document is an object, not a list of transactions: this is not Awin's transactions list " +
        '(Publisher API JSON); the network answered with an error: "Unauthorized"',
    });
    expect(only(readAwinJson('Transaction ID,Status\n')).reason).toMatch(
      /^the file is not JSON \(.+\): Awin's transactions list \(Publisher API JSON\) is expected$/,
    );
    expect(readAwinJson('[1, null]').map(brief)).toEqual([
      ['[0]', 'the record is not a JSON object'],
      ['[1]', 'the record is not a JSON object'],
    ]);
  });
});

describe('CJ Commission Detail JSON', () => {
  const items = readCjJson(fixture('cj-json'));

  it('reads every record of the fixture, corrections folded into their sale', () => {
    expect(items.map(brief)).toEqual([
      ['[0]', '2781340001', 'k3Jd9_xQ2mPz-7Lw', 'pending', 1250, 25000, 'USD', '2026-03-02T14:05:09.000Z'],
      ['[1]', '2781340002', 'Qm8rT2vXn_4cB1sK', 'pending', 400, 8000, 'USD', '2026-02-11T10:00:00.000Z'],
      ['[2]', '2781340003', 'pL0aZ9yW-3eR6tUb', 'approved', 999, 19980, 'USD', '2026-01-20T16:30:00.000Z'],
      ['[3]', '2781340004', 'Hx7Nc2Vq_b5Mf8Jd', 'paid', 125, 2500, 'USD', '2025-12-05T08:00:00.000Z'],
      // Taken back whole: declined, at the commission the original promised.
      ['[4]', '2781340005', 'Ts4Gk9Wp-1Ya6Rz0', 'declined', 800, 16000, 'USD', '2026-03-03T11:00:00.000Z'],
      [
        '[5]',
        'folded into [4]: a correction (RETURNED_MERCHANDISE) of CJ action 2781340005, commission 3104528901 ' +
          '(-8.00 USD of commission)',
      ],
      // Taken back in part: the rest, in the least advanced state of its records (the correction is new).
      ['[6]', '2781340006', 'Wf6Lp1Zs_8Dn3Qa0', 'pending', 1500, 30000, 'USD', '2026-02-14T19:45:00.000Z'],
      [
        '[7]',
        'folded into [6]: a correction (RETURNED_MERCHANDISE) of CJ action 2781340006, commission 3104528902 ' +
          '(-5.00 USD of commission)',
      ],
      [
        '[8]',
        'a correction (CANT_SHIP_OR_SOLD_OUT) of CJ action 2781339001, commission 3104528903 (-3.00 USD of ' +
          'commission), and the original is not in this report: import a CJ report that holds the original too',
      ],
      ['[9]', '2781340007', null, 'paid', 2500, null, 'USD', '2026-02-28T23:59:59.000Z'],
      ['[10]', 'commission: "twelve" is not an amount'],
    ]);
  });

  it('maps a record field by field: the sale is its originalActionId, the sub-ID its shopperId (else sid)', () => {
    expect(transactionOf(items, '[2]')).toEqual({
      transaction_id: '2781340003',
      sub_id: 'pL0aZ9yW-3eR6tUb',
      state: 'approved',
      commission_minor: 999,
      sale_minor: 19980,
      currency: 'USD',
      occurred_at: '2026-01-20T16:30:00.000Z',
      advertiser_id: '4498021',
      advertiser_name: 'Northwind Outfitters',
    });
    const sid = JSON.stringify({
      data: {
        publisherCommissions: {
          records: [
            {
              commissionId: '9',
              actionStatus: 'new',
              pubCommissionAmountUsd: '1.00',
              eventDate: '2026-03-01T00:00:00Z',
              sid: ' k3Jd9_xQ2mPz-7Lw ',
            },
          ],
        },
      },
    });
    expect(transactionOf(readCjJson(sid), '[0]')).toMatchObject({ transaction_id: '9', sub_id: 'k3Jd9_xQ2mPz-7Lw' });
  });

  it('refuses a GraphQL error answer, or another document, once', () => {
    expect(only(readCjJson('{"errors":[{"message":"Not authorized"}],"data":null}')).reason).toBe(
      'CJ answered with an error: "Not authorized"',
    );
    expect(only(readCjJson('{"data":{"advertiserCommissions":{"records":[]}}}')).reason).toBe(
      '"data.publisherCommissions.records" is null, not a list of transactions: this is not CJ\'s Commission ' +
        'Detail answer (publisherCommissions JSON)',
    );
  });
});

describe('Impact Actions', () => {
  it('reads every Action of the JSON fixture (a reversed Payout of 0 is read at its IntendedPayout)', () => {
    expect(readImpactJson(fixture('impact-json')).map(brief)).toEqual([
      ['[0]', '13624.4636.158130', 'k3Jd9_xQ2mPz-7Lw', 'pending', 88, 2199, 'USD', '2026-03-10T17:42:38.000Z'],
      ['[1]', '13624.4636.158131', 'Qm8rT2vXn_4cB1sK', 'approved', 650, 12999, 'USD', '2026-02-02T02:00:00.000Z'],
      ['[2]', '13624.4636.158132', 'pL0aZ9yW-3eR6tUb', 'paid', 240, 4800, 'USD', '2026-01-05T17:30:00.000Z'],
      ['[3]', '13624.4636.158133', 'Hx7Nc2Vq_b5Mf8Jd', 'declined', 320, 7999, 'USD', '2026-02-12T20:00:00.000Z'],
      ['[4]', '13624.4636.158134', null, 'pending', 110, 2200, 'GBP', '2026-03-11T08:15:00.000Z'],
      ['[5]', '13624.4636.158135', 'Ts4Gk9Wp-1Ya6Rz0', 'approved', 150, 3000, 'JPY', '2026-03-01T01:00:00.000Z'],
      ['[6]', 'the transaction has no commission amount'],
      ['[7]', 'date: "2026-02-30T10:00:00-05:00" is not a calendar date'],
    ]);
  });

  it('reads every row of the CSV fixture, headed as the action listing report heads it', () => {
    const items = readImpactCsv(fixture('impact-csv'));
    expect(items.map(brief)).toEqual([
      ['line 2', '13624.4636.158201', 'k3Jd9_xQ2mPz-7Lw', 'pending', 88, 2199, 'USD', '2026-03-10T17:42:38.000Z'],
      ['line 3', '13624.4636.158202', 'Qm8rT2vXn_4cB1sK', 'approved', 650, 12999, 'USD', '2026-02-02T02:00:00.000Z'],
      ['line 4', '13624.4636.158203', 'pL0aZ9yW-3eR6tUb', 'paid', 6495, 129900, 'USD', '2026-01-05T17:30:00.000Z'],
      ['line 5', '13624.4636.158204', 'Hx7Nc2Vq_b5Mf8Jd', 'declined', 0, 0, 'USD', '2026-02-12T20:00:00.000Z'],
      ['line 6', '20318.4702.118305', null, 'pending', 110, 2200, 'GBP', '2026-03-11T08:15:00.000Z'],
      ['line 7', 'the transaction has no currency'],
      ['line 8', 'the status "LOCKED" is not one Impact uses (PENDING, APPROVED, REVERSED)'],
    ]);
    expect(transactionOf(items, 'line 6')).toMatchObject({
      advertiser_id: '20318',
      advertiser_name: 'Harbor Lights Candles, Inc.',
    });
  });

  it('reads the API’s own CSV headers too, and LockedStatus CLEARED as paid', () => {
    const text =
      'Id,CampaignId,CampaignName,State,Payout,Amount,Currency,SubId1,EventDate,LockedStatus\n' +
      '1.2.3,13624,Orbit,APPROVED,1.00,20.00,usd,k3Jd9_xQ2mPz-7Lw,2026-03-01T00:00:00-08:00,CLEARED\n';
    expect(readImpactCsv(text).map(brief)).toEqual([
      ['line 2', '1.2.3', 'k3Jd9_xQ2mPz-7Lw', 'paid', 100, 2000, 'USD', '2026-03-01T08:00:00.000Z'],
    ]);
  });

  it('refuses an error answer with its Message, once', () => {
    expect(only(readImpactJson('{"Status":"ERROR","Message":"Invalid credentials"}')).reason).toBe(
      '"Actions" is null, not a list of transactions: this is not Impact\'s Actions list (Partner API JSON); the ' +
        'network answered with an error: "Invalid credentials"',
    );
    expect(only(readImpactCsv('Id;Name\n1;x\n')).where).toBe('line 1');
  });
});

describe('Rakuten Signature Orders report CSV', () => {
  const items = readRakutenCsv(fixture('rakuten-csv'));

  it('reads every row of the fixture, one transaction per order and SKU, returns folded into their sale', () => {
    expect(items.map(brief)).toEqual([
      [
        'line 2',
        '38605:MB-100231:SKU-LIP-04',
        'k3Jd9_xQ2mPz-7Lw',
        'declined',
        192,
        2400,
        'USD',
        '2026-03-02T14:05:09.000Z',
      ],
      [
        'line 3',
        '38605:MB-100231:SKU-MASC-01',
        'k3Jd9_xQ2mPz-7Lw',
        'pending',
        148,
        1850,
        'USD',
        '2026-03-02T14:05:09.000Z',
      ],
      [
        'line 4',
        '41210:CH-88410:TBL-OAK',
        'Qm8rT2vXn_4cB1sK',
        'pending',
        6245,
        124900,
        'GBP',
        '2026-03-05T09:15:00.000Z',
      ],
      ['line 5', 'folded into line 2: a return on order MB-100231, SKU SKU-LIP-04 (-1.92 USD of commission)'],
      ['line 6', '41210:CH-88422:LAMP-2', null, 'pending', 375, 7500, 'GBP', '2026-03-06T11:00:00.000Z'],
      [
        'line 7',
        'a return on order MB-099870, SKU SKU-SER-09 (-2.40 USD of commission), and the original is not in this ' +
          'report: import a Rakuten report that holds the original too',
      ],
      ['line 8', 'date: "13/02/26 10:00:00" is not a calendar date'],
      ['line 9', 'commission: "N/A" is not an amount'],
    ]);
    expect(transactionOf(items, 'line 4')).toMatchObject({
      advertiser_id: '41210',
      advertiser_name: 'Cedar Hollow Home',
    });
  });

  it('takes a status column when the report has one, and refuses a report without its Currency column', () => {
    const head = 'Member ID (U1),MID,Order ID,Transaction Date,Transaction Time,Total Commission,Currency,Status\n';
    expect(readRakutenCsv(`${head}u,1,A,1/2/26,1:05 PM,1.00,USD,Locked\n`).map(brief)).toEqual([
      ['line 2', '1:A', 'u', 'approved', 100, null, 'USD', '2026-01-02T13:05:00.000Z'],
    ]);
    expect(only(readRakutenCsv('Member ID (U1),MID,Order ID,Transaction Date,Total Commission\n')).reason).toBe(
      'the header has no "Currency" column: this is not Rakuten Advertising\'s Signature Orders report CSV',
    );
  });
});

describe('Tradedoubler transactions JSON', () => {
  it('reads every transaction of the fixture (ISO dates with an offset, epoch milliseconds)', () => {
    expect(readTradedoublerJson(fixture('tradedoubler-json')).map(brief)).toEqual([
      ['[0]', '1098327711', 'k3Jd9_xQ2mPz-7Lw', 'approved', 750, 15000, 'EUR', '2026-03-08T12:45:10.000Z'],
      ['[1]', '1098327712', 'Qm8rT2vXn_4cB1sK', 'paid', 225, 4500, 'EUR', '2026-01-01T10:00:00.000Z'],
      ['[2]', '1098327713', 'pL0aZ9yW-3eR6tUb', 'pending', 3950, 79000, 'SEK', '2026-03-09T07:00:00.000Z'],
      ['[3]', '1098327714', 'Hx7Nc2Vq_b5Mf8Jd', 'declined', 400, 8000, 'EUR', '2026-02-20T16:20:00.000Z'],
      ['[4]', '1098327715', null, 'pending', 120, 2400, 'GBP', '2026-03-10T10:00:00.000Z'],
      ['[5]', 'the transaction has no currency'],
      ['[6]', 'the status "X" is not one Tradedoubler uses (A, P, D)'],
    ]);
  });

  it('reads a bare list, orderNumber when there is no transactionId, currencyId and timeOfEvent', () => {
    const text = JSON.stringify([
      { orderNumber: 'O-1', status: 'P', commission: '2.5', currencyId: 'sek', timeOfEvent: '2026-03-01T10:00:00Z' },
    ]);
    expect(readTradedoublerJson(text).map(brief)).toEqual([
      ['[0]', 'O-1', null, 'pending', 250, null, 'SEK', '2026-03-01T10:00:00.000Z'],
    ]);
  });
});

describe('Admitad statistics/actions JSON', () => {
  it('reads every action of the fixture', () => {
    expect(readAdmitadJson(fixture('admitad-json')).map(brief)).toEqual([
      ['[0]', '421880017', 'k3Jd9_xQ2mPz-7Lw', 'pending', 1250, 25000, 'RUB', '2026-03-02T12:30:00.000Z'],
      ['[1]', '421880018', 'Qm8rT2vXn_4cB1sK', 'approved', 4500, 90000, 'RUB', '2026-02-14T09:10:00.000Z'],
      ['[2]', '421880019', 'pL0aZ9yW-3eR6tUb', 'paid', 320, 6400, 'EUR', '2026-01-12T18:00:00.000Z'],
      ['[3]', '421880020', 'Hx7Nc2Vq_b5Mf8Jd', 'declined', 600, 12000, 'EUR', '2026-02-01T20:00:00.000Z'],
      ['[4]', '421880021', 'Ts4Gk9Wp-1Ya6Rz0', 'approved', 780, 15600, 'USD', '2026-02-20T10:00:00.000Z'],
      ['[5]', '421880022', null, 'pending', 200, null, 'USD', '2026-03-05T15:45:00.000Z'],
      ['[6]', 'date: "31.03.2026 10:00" is not a date (use YYYY-MM-DD or ISO 8601)'],
      ['[7]', 'the transaction has no id'],
    ]);
  });

  it('refuses an error answer with its description, once', () => {
    expect(
      only(readAdmitadJson('{"error":"invalid_token","error_description":"The access token is invalid"}')).reason,
    ).toBe(
      '"results" is null, not a list of transactions: this is not Admitad\'s statistics/actions JSON; the network ' +
        'answered with an error: "The access token is invalid"',
    );
  });
});

describe('state mappings', () => {
  it('sends every network word to one of the four states', () => {
    expect(AWIN_STATES).toEqual({
      pending: 'pending',
      '0': 'pending',
      approved: 'approved',
      '1': 'approved',
      declined: 'declined',
      '2': 'declined',
      deleted: 'declined',
    });
    expect(CJ_STATES).toEqual({ new: 'pending', extended: 'pending', locked: 'approved', closed: 'paid' });
    expect(IMPACT_STATES).toEqual({ pending: 'pending', approved: 'approved', reversed: 'declined' });
    expect(TRADEDOUBLER_STATES).toMatchObject({ a: 'approved', p: 'pending', d: 'declined' });
    expect(ADMITAD_STATES).toEqual({
      pending: 'pending',
      approved: 'approved',
      approved_but_stalled: 'approved',
      declined: 'declined',
    });
  });

  it('makes only an approved commission paid when the network says it paid it', () => {
    const awin = (commissionStatus: string, paidToPublisher: boolean) =>
      readAwinJson(
        JSON.stringify([
          {
            id: 1,
            commissionStatus,
            paidToPublisher,
            commissionAmount: { amount: 1, currency: 'GBP' },
            transactionDate: '2026-03-01T00:00:00',
          },
        ]),
      ).map((i) => (i.ok ? i.transaction.state : i.reason));
    expect(['pending', 'approved', 'declined', 'deleted'].map((s) => awin(s, true))).toEqual([
      ['pending'],
      ['paid'],
      ['declined'],
      ['declined'],
    ]);
    expect(awin('on hold', false)).toEqual([
      'the status "on hold" is not one Awin uses (pending, approved, declined, deleted)',
    ]);
  });
});

describe('readReport', () => {
  it('dispatches every format to its reader', () => {
    expect(Object.keys(REPORT_READERS).sort()).toEqual([...REPORT_FORMATS].sort());
    for (const format of REPORT_FORMATS) {
      const items = readReport(format, fixture(format));
      expect(items).toEqual(REPORT_READERS[format](fixture(format)));
      expect(items.filter((i) => i.ok).length).toBeGreaterThan(3);
    }
  });

  it('gives one refused item for another format’s file, and for a format it does not know', () => {
    for (const format of REPORT_FORMATS) {
      const other = format.endsWith('csv') ? fixture('admitad-json') : fixture('rakuten-csv');
      const [item, ...rest] = readReport(format, other);
      expect(rest).toEqual([]);
      expect(item?.ok).toBe(false);
    }
    expect(readReport('paypal-csv' as ReportFormat, 'x')).toEqual([
      { where: 'the file', ok: false, reason: '"paypal-csv" is not a report format' },
    ]);
  });
});

describe('field readings', () => {
  it('reads decimals with thousands separators, and a decimal comma where the format allows it', () => {
    const point = ['1234.56', '1,234.56', '-1,234,567.8', '.5', '12.', '+3'].map((t) => decimalText(t, 'point'));
    expect(point).toEqual(
      ['1234.56', '1234.56', '-1234567.8', '.5', '12.', '+3'].map((value) => ({ ok: true, value })),
    );
    expect(decimalText('1234,56', 'point')).toEqual({ ok: false, reason: '"1234,56" is not an amount' });
    const auto = ['1.234,56', '1234,5', '1 234,56', '12\u00a0345.60', '0,99'].map((t) => decimalText(t, 'auto'));
    expect(auto).toEqual(['1234.56', '1234.5', '1234.56', '12345.60', '0.99'].map((value) => ({ ok: true, value })));
    expect(decimalText('1,2,3', 'auto').ok).toBe(false);
  });

  it('reads dates as the networks write them, to ISO UTC', () => {
    expect(isoInstant('2026-03-10T10:42:38-07:00')).toEqual({ ok: true, value: '2026-03-10T17:42:38.000Z' });
    expect(isoInstant('2026-03-10 10:42')).toEqual({ ok: true, value: '2026-03-10T10:42:00.000Z' });
    expect(isoInstant('1969-12-31T23:59:59Z').ok).toBe(false);
    expect(usDateTime('12/31/26', '11:59 PM')).toEqual({ ok: true, value: '2026-12-31T23:59:00.000Z' });
    expect(usDateTime('2026-12-31', '08:00:01')).toEqual({ ok: true, value: '2026-12-31T08:00:01.000Z' });
    expect(usDateTime('2/29/25', '').ok).toBe(false);
  });
});
