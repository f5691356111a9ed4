import { addDays, daysBetween, formatIsoDate, parseIsoDate } from '../../../domain';
import type { Statement, StatementTransaction } from '../readers/statement-reader';

/** One month of a statement, as the CAM shows it. */
export type MonthFigures = {
  /** YYYY-MM. */
  month: string;
  credits: number;
  credit_count: number;
  debits: number;
  debit_count: number;
  /** The mean of the day-end balances of the month's days within the statement period. */
  average_balance: number;
  closing_balance: number;
  bounces: number;
};

export type CamFigures = {
  months: MonthFigures[];
  largest_credits: StatementTransaction[];
  totals: { credits: number; debits: number; bounces: number; average_balance: number };
};

/** How many of the largest credits the CAM lists. */
export const LARGEST_CREDITS = 10;
/** A returned (bounced) cheque or mandate: the bank's words for it in a transaction's narration. */
export const isBounce = (t: StatementTransaction) => /\b(RETURN|RETURNED|BOUNCE|BOUNCED|DISHONOU?R)/i.test(t.description);

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The CAM's figures of a statement (DECISIONS.md: monthly credits, debits, average balance,
 * bounces and the largest credits). Pure, so the tests compute the same from the fixture's JSON.
 */
export function camFigures(statement: Statement): CamFigures {
  const { transactions } = statement;
  const first = statement.period_from || transactions[0]?.date;
  const last = statement.period_to || transactions[transactions.length - 1]?.date;
  const months = new Map<string, MonthFigures & { balanceDays: number; balanceSum: number }>();
  const monthOf = (key: string) => {
    let m = months.get(key);
    if (!m) {
      m = {
        month: key,
        credits: 0,
        credit_count: 0,
        debits: 0,
        debit_count: 0,
        average_balance: 0,
        closing_balance: 0,
        bounces: 0,
        balanceDays: 0,
        balanceSum: 0,
      };
      months.set(key, m);
    }
    return m;
  };
  const start = parseIsoDate(first ?? '');
  const end = parseIsoDate(last ?? '');
  if (start && end) {
    // Day by day: the balance at the end of each day is the last transaction's of that day, or the day before's.
    let balance = statement.opening_balance;
    let next = 0;
    for (let i = 0, days = daysBetween(start, end); i <= days; i++) {
      const iso = formatIsoDate(addDays(start, i));
      const m = monthOf(iso.slice(0, 7));
      while (next < transactions.length && transactions[next]!.date <= iso) {
        const t = transactions[next++]!;
        balance = t.balance;
        if (t.credit > 0) {
          m.credits += t.credit;
          m.credit_count++;
        }
        if (t.debit > 0) {
          m.debits += t.debit;
          m.debit_count++;
        }
        if (isBounce(t)) m.bounces++;
      }
      m.balanceDays++;
      m.balanceSum += balance;
      m.closing_balance = balance;
    }
  }
  const list: MonthFigures[] = [...months.values()].map(({ balanceDays, balanceSum, ...m }) => ({
    ...m,
    credits: round2(m.credits),
    debits: round2(m.debits),
    average_balance: round2(balanceDays ? balanceSum / balanceDays : 0),
  }));
  const largest = transactions
    .filter((t) => t.credit > 0)
    .sort((a, b) => b.credit - a.credit || a.date.localeCompare(b.date))
    .slice(0, LARGEST_CREDITS);
  return {
    months: list,
    largest_credits: largest,
    totals: {
      credits: round2(list.reduce((s, m) => s + m.credits, 0)),
      debits: round2(list.reduce((s, m) => s + m.debits, 0)),
      bounces: list.reduce((s, m) => s + m.bounces, 0),
      average_balance: round2(list.length ? list.reduce((s, m) => s + m.average_balance, 0) / list.length : 0),
    },
  };
}
