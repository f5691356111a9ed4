import { PATTERNS } from '../../../domain';
import type { Statement, StatementProblem, StatementTransaction } from './statement-reader';
import type { PageLines, TextRun } from './pdf-text';

// The layout of the fixture statements (scripts/make-statement-fixtures.mjs), which is the common
// shape of an Indian bank's statement: the bank's name first, "Label: value" facts, then a table
// Date | Description | Debit | Credit | Balance with amounts right-aligned under their headings.

const DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
const AMOUNT = /^-?[\d,]+\.\d{2}$/;
const COLUMNS = ['Debit', 'Credit', 'Balance'] as const;
type Column = (typeof COLUMNS)[number];

const toIso = (ddmmyyyy: string) => ddmmyyyy.replace(DATE, '$3-$2-$1');
const amountOf = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100) / 100;
const lineText = (line: TextRun[]) => line.map((r) => r.text).join(' ');

/** The value after "Label:" on the first line that has it. */
function fact(lines: string[], label: string): string | undefined {
  const re = new RegExp(`^${label}\\s*:\\s*(.+)$`, 'i');
  for (const line of lines) {
    const m = re.exec(line);
    if (m) return m[1]!.trim();
  }
  return undefined;
}

/** The right edge of each amount heading on a page, if the page has the table's heading. */
function headingEdges(lines: PageLines): Record<Column, number> | undefined {
  for (const line of lines) {
    const texts = line.map((r) => r.text);
    if (!texts.includes('Date') || !texts.includes('Balance')) continue;
    const edge = (name: Column) => line.find((r) => r.text === name)?.right;
    const [debit, credit, balance] = COLUMNS.map(edge);
    if (debit !== undefined && credit !== undefined && balance !== undefined) return { Debit: debit, Credit: credit, Balance: balance };
  }
  return undefined;
}

function transactionOf(line: TextRun[], edges: Record<Column, number>): StatementTransaction | undefined {
  const [first, ...rest] = line;
  if (!first || !DATE.test(first.text)) return undefined;
  const amounts = rest.filter((r) => AMOUNT.test(r.text) && r.x > first.right);
  const words = rest.filter((r) => !amounts.includes(r));
  const row: Record<Column, number> = { Debit: 0, Credit: 0, Balance: Number.NaN };
  for (const run of amounts) {
    const column = COLUMNS.reduce(
      (best, c) => (Math.abs(edges[c] - run.right) < Math.abs(edges[best] - run.right) ? c : best),
      'Balance' as Column,
    );
    row[column] = amountOf(run.text);
  }
  if (Number.isNaN(row.Balance)) return undefined;
  return {
    date: toIso(first.text),
    description: words.map((w) => w.text).join(' '),
    debit: row.Debit,
    credit: row.Credit,
    balance: row.Balance,
  };
}

/** A statement from its pages' text, or why the text is not one. */
export function parseFixtureStatement(pages: PageLines[]): { ok: true; statement: Statement } | { ok: false; problem: StatementProblem } {
  const text = pages.flat().map(lineText);
  if (text.length === 0) return { ok: false, problem: 'noText' };
  const name = fact(text, 'Account Holder');
  const accountNumber = fact(text, 'Account Number')?.replace(/\s+/g, '');
  const ifsc = fact(text, 'IFSC')?.toUpperCase();
  const bankName = pages[0]?.[0] ? lineText(pages[0][0]) : undefined;
  if (!name || !accountNumber || !PATTERNS.accountNumber.test(accountNumber) || !ifsc || !PATTERNS.ifsc.test(ifsc) || !bankName) {
    return { ok: false, problem: 'layoutUnknown' };
  }
  const period = /(\d{2}-\d{2}-\d{4})\s+to\s+(\d{2}-\d{2}-\d{4})/i.exec(fact(text, 'Statement Period') ?? '');
  const opening = fact(text, 'Opening Balance');

  const transactions: StatementTransaction[] = [];
  let edges: Record<Column, number> | undefined;
  for (const page of pages) {
    edges = headingEdges(page) ?? edges;
    if (!edges) continue;
    for (const line of page) {
      const t = transactionOf(line, edges);
      if (t) transactions.push(t);
    }
  }
  const openingBalance =
    opening && AMOUNT.test(opening)
      ? amountOf(opening)
      : transactions[0]
        ? transactions[0].balance + transactions[0].debit - transactions[0].credit
        : 0;
  return {
    ok: true,
    statement: {
      identity: {
        name: name.toUpperCase(),
        account_number: accountNumber,
        account_type: (fact(text, 'Account Type') ?? '').toUpperCase(),
        ifsc,
        bank_name: bankName,
      },
      period_from: period ? toIso(period[1]!) : (transactions[0]?.date ?? ''),
      period_to: period ? toIso(period[2]!) : (transactions[transactions.length - 1]?.date ?? ''),
      opening_balance: Math.round(openingBalance * 100) / 100,
      transactions,
      pages: pages.length,
    },
  };
}
