import * as z from 'zod/mini';
import { parseDate } from '../shared/dates';

/**
 * The payout of a sanctioned loan (issue 34, DECISIONS.md "After approval"): the credit manager
 * requests it (the maker), a branch manager approves it (the checker, never the maker) and it is
 * sent to the verified account; the wire shapes of /api/v1/app/mfi/{id}/disbursement and
 * .../cooling-off-exit. Money on the wire in rupees with 2 decimals.
 */

/** NONE: nothing requested yet; then REQUESTED (maker), PENDING (sent, the bank's answer awaited), PAID, FAILED. */
export const PAYOUT_STATES = ['NONE', 'REQUESTED', 'PENDING', 'PAID', 'FAILED'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

export const DISBURSEMENT_MSG = {
  invalidDate: 'Invalid disbursement date',
  invalidAmount: 'Enter the amount received in rupees, with at most 2 decimals',
  invalidReceipt: 'Enter the receipt reference (1 to 40 letters, digits, / or -)',
  noOffer: 'The loan has no accepted offer with a Key Fact Statement: it cannot be paid out.',
  otherDate: (kfsDate: string) =>
    `The Key Fact Statement's disbursement date is ${kfsDate}: paying out on another date needs a new version of the statement, acknowledged by the borrower.`,
  notToday: (kfsDate: string) =>
    `The Key Fact Statement's disbursement date is ${kfsDate}, not today: paying out on another date needs a new version of the statement, acknowledged by the borrower.`,
  accountNotVerified: 'The bank account is not verified: the payout goes only to a verified account.',
  alreadyRequested: 'The payout was already approved and sent: it cannot be requested again.',
  nothingRequested: 'No payout has been requested yet: the credit manager requests it first.',
  makerCannotApprove: 'You requested this payout: another person, a branch manager, must approve it.',
  pending: 'The bank has not confirmed the payout yet. Its status will be checked again; it will not be paid twice.',
  paid: 'The payout is done.',
  failed: 'The payout failed. The credit manager may request it again.',
  requested: 'Payout requested: a branch manager approves it.',
  notDisbursed: 'The loan has not been paid out.',
  windowClosed: (lastDay: string) =>
    `The cooling-off period ended on ${lastDay}: the borrower can no longer exit without the loan's foreclosure terms.`,
  amountDiffers: (due: string) => `The amount received must be exactly the amount payable, ${due}.`,
  cancelled: 'The loan is cancelled: the borrower exited in the cooling-off period.',
} as const;

const dateText = z.string(DISBURSEMENT_MSG.invalidDate).check(
  z.maxLength(10, DISBURSEMENT_MSG.invalidDate),
  z.refine((s) => parseDate(s) !== null, DISBURSEMENT_MSG.invalidDate),
);

/** `POST /:id/disbursement`: the maker's request, for the Key Fact Statement's disbursement date. */
export const disbursementRequestSchema = z.object({ disbursement_date: dateText });
export type DisbursementRequest = z.infer<typeof disbursementRequestSchema>;

/** `POST /:id/cooling-off-exit`: the receipt of the amount payable. */
export const coolingOffExitSchema = z.object({
  amount_received: z.number(DISBURSEMENT_MSG.invalidAmount).check(
    z.minimum(0.01, DISBURSEMENT_MSG.invalidAmount),
    z.maximum(1e9, DISBURSEMENT_MSG.invalidAmount),
    z.refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, DISBURSEMENT_MSG.invalidAmount),
  ),
  receipt_reference: z
    .string(DISBURSEMENT_MSG.invalidReceipt)
    .check(z.trim(), z.maxLength(40, DISBURSEMENT_MSG.invalidReceipt), z.regex(/^[A-Za-z0-9/-]{1,40}$/, DISBURSEMENT_MSG.invalidReceipt)),
});
export type CoolingOffExitRequest = z.infer<typeof coolingOffExitSchema>;

/** The account number shown: its last 4 digits. */
export const maskAccount = (accountNumber: string) => `XXXXXX${accountNumber.slice(-4)}`;
