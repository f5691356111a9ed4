import ExcelJS from 'exceljs';
import type { Statement } from '../readers/statement-reader';
import type { CamFigures } from './cam-figures';

const MONEY = '#,##0.00';

type Sheet = ExcelJS.Worksheet;

function table(sheet: Sheet, columns: { header: string; key: string; width: number; money?: boolean }[], rows: Record<string, unknown>[]) {
  sheet.columns = columns.map(({ header, key, width }) => ({ header, key, width }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) sheet.addRow(row);
  for (const c of columns) if (c.money) sheet.getColumn(c.key).numFmt = MONEY;
}

/**
 * The CAM workbook (exceljs): Summary (whose statement, the period, the totals), Monthly (credits,
 * debits, average balance, bounces per month), Largest credits, and every transaction read.
 */
export async function camWorkbook(
  statement: Statement,
  figures: CamFigures,
  meta: { tracker_id: string | null; borrower: string | null; generated_at: Date },
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Sahyog';
  book.created = meta.generated_at;
  book.modified = meta.generated_at;

  const summary = book.addWorksheet('Summary');
  summary.columns = [{ width: 28 }, { width: 40 }];
  const { identity } = statement;
  const facts: [string, string | number][] = [
    ['Credit Assessment Memo', ''],
    ['Application', meta.tracker_id ?? ''],
    ['Borrower', meta.borrower ?? ''],
    ['Account holder (statement)', identity.name],
    ['Bank', identity.bank_name],
    ['Account number', identity.account_number],
    ['Account type', identity.account_type],
    ['IFSC', identity.ifsc],
    ['Statement period', `${statement.period_from} to ${statement.period_to}`],
    ['Opening balance', statement.opening_balance],
    ['Total credits', figures.totals.credits],
    ['Total debits', figures.totals.debits],
    ['Average monthly balance', figures.totals.average_balance],
    ['Bounces', figures.totals.bounces],
    ['Transactions read', statement.transactions.length],
  ];
  for (const [label, value] of facts) summary.addRow([label, value]);
  summary.getRow(1).font = { bold: true, size: 14 };
  for (const r of [10, 11, 12, 13]) summary.getCell(`B${r}`).numFmt = MONEY;

  table(
    book.addWorksheet('Monthly'),
    [
      { header: 'Month', key: 'month', width: 10 },
      { header: 'Credits', key: 'credits', width: 16, money: true },
      { header: 'Credit count', key: 'credit_count', width: 13 },
      { header: 'Debits', key: 'debits', width: 16, money: true },
      { header: 'Debit count', key: 'debit_count', width: 12 },
      { header: 'Average balance', key: 'average_balance', width: 17, money: true },
      { header: 'Closing balance', key: 'closing_balance', width: 17, money: true },
      { header: 'Bounces', key: 'bounces', width: 9 },
    ],
    figures.months,
  );
  table(
    book.addWorksheet('Largest credits'),
    [
      { header: 'Date', key: 'date', width: 12 },
      { header: 'Description', key: 'description', width: 44 },
      { header: 'Amount', key: 'credit', width: 16, money: true },
    ],
    figures.largest_credits,
  );
  table(
    book.addWorksheet('Transactions'),
    [
      { header: 'Date', key: 'date', width: 12 },
      { header: 'Description', key: 'description', width: 44 },
      { header: 'Debit', key: 'debit', width: 14, money: true },
      { header: 'Credit', key: 'credit', width: 14, money: true },
      { header: 'Balance', key: 'balance', width: 16, money: true },
    ],
    statement.transactions,
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}
