import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { hostOf } from './helpers/http';
import { multipart } from './helpers/multipart';

// The fixture statements (scripts/make-statement-fixtures.mjs) and their known figures
// (statements.json beside them), uploaded through the real upload route.

export const STATEMENT_DIR = join(import.meta.dirname, '..', 'fixtures', 'statements');

export type FixtureTransaction = { date: string; description: string; debit: number; credit: number; balance: number };
export type FixtureStatement = {
  file: string;
  persona: string;
  password: string | null;
  pages: number;
  identity: { name: string; account_number: string; account_type: string; ifsc: string; bank_name: string };
  period_from: string;
  period_to: string;
  opening_balance: number;
  transactions: FixtureTransaction[];
};

export const FIXTURES: FixtureStatement[] = JSON.parse(readFileSync(join(STATEMENT_DIR, 'statements.json'), 'utf8'));
export const fixture = (file: string) => FIXTURES.find((f) => f.file === file)!;
export const statementBytes = (file: string) => readFileSync(join(STATEMENT_DIR, file));

/** Uploads a file as the application's statement (or any document) and answers its file id. */
export async function upload(
  app: FastifyInstance,
  token: string,
  applicationId: string | undefined,
  bytes: Buffer,
  fileType = 'BANK_STATEMENT',
  filename = 'statement.pdf',
) {
  const fields: Record<string, string> = { file_type: fileType };
  if (applicationId) fields.application_id = applicationId;
  const { payload, headers } = multipart(fields, [{ field: 'file', filename, bytes, type: 'application/pdf' }]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/apply-loan/upload-file',
    payload,
    headers: { ...headers, host: hostOf(), token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.file_id as string;
}

/** Monthly figures computed here from the fixture's JSON, independently of the server's code. */
export function expectedMonths(f: FixtureStatement) {
  const months: Record<
    string,
    { credits: number; debits: number; bounces: number; credit_count: number; debit_count: number; balances: number[] }
  > = {};
  let balance = f.opening_balance;
  const start = new Date(`${f.period_from}T00:00:00Z`);
  const end = new Date(`${f.period_to}T00:00:00Z`);
  for (let d = start; d <= end; d = new Date(d.getTime() + 86_400_000)) {
    const iso = d.toISOString().slice(0, 10);
    const m = (months[iso.slice(0, 7)] ??= { credits: 0, debits: 0, bounces: 0, credit_count: 0, debit_count: 0, balances: [] });
    for (const t of f.transactions.filter((t) => t.date === iso)) {
      balance = t.balance;
      m.credits += t.credit;
      m.debits += t.debit;
      if (t.credit) m.credit_count++;
      if (t.debit) m.debit_count++;
      if (t.description.includes('RETURN')) m.bounces++;
    }
    m.balances.push(balance);
  }
  return Object.entries(months).map(([month, m]) => ({
    month,
    credits: Math.round(m.credits * 100) / 100,
    debits: Math.round(m.debits * 100) / 100,
    credit_count: m.credit_count,
    debit_count: m.debit_count,
    bounces: m.bounces,
    average_balance: Math.round((m.balances.reduce((s, b) => s + b, 0) / m.balances.length) * 100) / 100,
    closing_balance: m.balances[m.balances.length - 1]!,
  }));
}
