import type { Tenant } from '../../../domain';

/**
 * A bank's payout API (IMPS-like): a payout is sent with the payer's own `reference`, which the
 * bank keeps, so sending the same reference again is the same payout, never a second one; and the
 * status of a reference can be asked at any time.
 */
export type PayoutRequest = {
  tenant: Tenant;
  /** The payout's own reference (disbursements.reference): unique per tenant, the same on every retry. */
  reference: string;
  amountPaise: number;
  ifsc: string;
  accountNumber: string;
  beneficiaryName: string;
};

/** What the bank says of a reference: paid (with the UTR), failed (with its reason), or no such payout. */
export type PayoutAnswer = { state: 'PAID'; utr: string; paidAt: number } | { state: 'FAILED'; reason: string } | { state: 'NOT_FOUND' };

export type PayoutProvider = {
  /** Sends the payout; answers PAID or FAILED, or throws (a timeout, a 5xx): the outcome is then unknown. */
  send(request: PayoutRequest): Promise<Exclude<PayoutAnswer, { state: 'NOT_FOUND' }>>;
  /** The bank's record of a reference; throws when the bank cannot answer. */
  status(tenant: Tenant, reference: string): Promise<PayoutAnswer>;
};

/** The bank answered something other than a payout's state (a 5xx, a malformed answer). */
export class PayoutUnknownError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayoutUnknownError';
  }
}

/**
 * The provider's answer within `ms`, or PayoutUnknownError: a payout whose answer is late is not
 * known to have failed (the bank may have accepted it), so the caller keeps it PENDING.
 */
export async function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PayoutUnknownError(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
