import * as z from 'zod/mini';
import { PAYOUT_STATES } from './disbursement';

// What the payout's routes answer (disbursement.table.ts). Online only: out of the domain's
// index (its types are named there), so it stays with the disbursement screen, out of the precache.

const text = z.nullable(z.string());
const amount = z.nullable(z.number());

/** What GET /:id/disbursement answers. */
export const disbursementViewSchema = z.object({
  state: z.enum(PAYOUT_STATES),
  application_status: z.string(),
  reference: text,
  amount,
  account: text,
  ifsc: text,
  beneficiary_name: text,
  disbursement_date: text,
  utr: text,
  requested_at: text,
  requested_by: amount,
  approved_at: text,
  approved_by: amount,
  settled_at: text,
  failure_reason: text,
  /** Earlier attempts that failed. */
  failed_attempts: z.number(),
  /** The last day of the cooling-off period (once paid). */
  cooling_off_last_day: text,
  cancelled: z.boolean(),
  /** What a request would be now (the maker's screen shows it first): the statement's net amount and date, the verified account. */
  planned: z.nullable(z.object({ amount: z.number(), disbursement_date: z.string(), account: text, ifsc: text })),
});
export type DisbursementView = z.infer<typeof disbursementViewSchema>;

/** What GET/POST /:id/cooling-off-exit answer: the amount payable with its working, and the exit once recorded. */
export const coolingOffViewSchema = z.object({
  principal: z.number(),
  interest: z.number(),
  total: z.number(),
  days_held: z.number(),
  apr_percent: z.number(),
  disbursement_date: z.string(),
  exit_date: z.string(),
  last_day: z.string(),
  within_window: z.boolean(),
  working: z.string(),
  /** Set once the exit is recorded. */
  receipt_reference: text,
  recorded_at: text,
});
export type CoolingOffView = z.infer<typeof coolingOffViewSchema>;
