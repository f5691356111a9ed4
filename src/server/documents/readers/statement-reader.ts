import type { StatementIdentity } from '../../../domain';

/** One line of a statement: a debit or a credit (never both), and the balance after it. */
export type StatementTransaction = {
  /** YYYY-MM-DD. */
  date: string;
  description: string;
  debit: number;
  credit: number;
  balance: number;
};

/** What a statement holds: whose account it is, and its transactions in order. */
export type Statement = {
  identity: StatementIdentity;
  /** YYYY-MM-DD, the statement's period. */
  period_from: string;
  period_to: string;
  opening_balance: number;
  transactions: StatementTransaction[];
  pages: number;
};

/** Why a statement could not be read: each is a clear message for the officer (a 422, never a 500). */
export const STATEMENT_PROBLEMS = {
  notPdf: 'the file is not a PDF',
  passwordNeeded: 'the statement is password protected: enter its password',
  passwordWrong: 'the statement password is wrong',
  damaged: 'the PDF is damaged and cannot be read',
  noText: 'the statement has no text (a scanned copy): upload the PDF downloaded from the bank',
  tooLong: 'the statement has too many pages',
  layoutUnknown: 'no account details were found in the statement',
  /** Over a reading budget (documents/document-pool.ts): answered with MSG.documentTooComplex itself. */
  tooComplex: 'the PDF is damaged or too complex to read',
  /** The tenant's queue of documents is full: answered 429 with MSG.documentsBusy. */
  busy: 'too many documents are being read',
} as const;
export type StatementProblem = keyof typeof STATEMENT_PROBLEMS;

export type StatementReadResult = { ok: true; statement: Statement } | { ok: false; problem: StatementProblem };

/** Bank statement reading (spec 02 §7 banking API /v1/identity, and the CAM's transactions). */
export type StatementReader = {
  /** `tenant`: whose document it is (the document pool's per-tenant limit). */
  read(pdf: Uint8Array, password: string | null | undefined, tenant: string): Promise<StatementReadResult>;
};
