/**
 * How the payout sandbox misbehaves (docs/disbursement.md; PAYOUT_SANDBOX_FAULT): `timeout`
 * accepts and pays, then never answers the send; `error-500` pays and answers a 500; `late` pays
 * and answers after PAYOUT_SANDBOX_LATE_MS; `fail-account` fails every payout as if the account
 * were closed. The status of a reference is always answered truly.
 */
export const PAYOUT_FAULTS = ['none', 'timeout', 'error-500', 'late', 'fail-account'] as const;
export type PayoutFault = (typeof PAYOUT_FAULTS)[number];
