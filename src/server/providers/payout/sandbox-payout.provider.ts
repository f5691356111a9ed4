import { createHash } from 'node:crypto';
import { and, count, eq, like } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { sandboxPayouts } from '../../db/schema';
import { PAYOUT_FAULTS, type PayoutFault } from '../../config';
import { PayoutUnknownError, type PayoutAnswer, type PayoutProvider, type PayoutRequest } from './payout-provider';

export { PAYOUT_FAULTS, type PayoutFault };

export type SandboxPayoutOptions = { db: Db; clock: Clock; fault?: PayoutFault; lateMs?: number };

/** A documented account that always fails (docs/disbursement.md): its number ends in 999. */
export const FAILING_ACCOUNT_SUFFIX = '999';

/** A 12-digit UTR (IMPS RRN) computed from the tenant and reference: the same payout, the same UTR. */
export const sandboxUtr = (tenant: Tenant, reference: string) =>
  (BigInt(`0x${createHash('sha256').update(`${tenant}:${reference}`).digest('hex').slice(0, 15)}`) % 10n ** 12n)
    .toString()
    .padStart(12, '0');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export type SandboxPayoutProvider = PayoutProvider & {
  /** Payouts the sandbox has made (PAID), for a tenant and optionally references starting with `prefix`. */
  payoutsMade(tenant: Tenant, prefix?: string): Promise<number>;
  /** Changes the fault mode (tests: the bank recovers). */
  setFault(fault: PayoutFault): void;
};

/**
 * The IMPS-like sandbox: its ledger is a table keyed by (tenant, reference), so a reference is paid
 * at most once whatever the number of sends, nodes or restarts; a second send of a reference
 * answers the first one's outcome. An account ending in 999, or the fault `fail-account`, fails.
 */
export function createSandboxPayoutProvider(options: SandboxPayoutOptions): SandboxPayoutProvider {
  const { db, clock } = options;
  let fault: PayoutFault = options.fault ?? 'none';
  const lateMs = options.lateMs ?? 3000;

  async function record(request: PayoutRequest): Promise<Exclude<PayoutAnswer, { state: 'NOT_FOUND' }>> {
    const fails = fault === 'fail-account' || request.accountNumber.endsWith(FAILING_ACCOUNT_SUFFIX);
    await db
      .insert(sandboxPayouts)
      .values({
        tenant_id: request.tenant,
        reference: request.reference,
        amount_paise: request.amountPaise,
        ifsc: request.ifsc,
        account_last4: request.accountNumber.slice(-4),
        status: fails ? 'FAILED' : 'PAID',
        utr: fails ? null : sandboxUtr(request.tenant, request.reference),
        reason: fails ? 'ACCOUNT_CLOSED: the beneficiary account is closed' : null,
        created_at: new Date(clock.now()),
      })
      .onConflictDoNothing();
    const answer = await status(request.tenant, request.reference);
    if (answer.state === 'NOT_FOUND') throw new PayoutUnknownError('the sandbox lost its own payout');
    return answer;
  }

  async function status(tenant: Tenant, reference: string): Promise<PayoutAnswer> {
    const [row] = await db
      .select()
      .from(sandboxPayouts)
      .where(and(eq(sandboxPayouts.tenant_id, tenant), eq(sandboxPayouts.reference, reference)));
    if (!row) return { state: 'NOT_FOUND' };
    if (row.status === 'PAID') return { state: 'PAID', utr: row.utr!, paidAt: row.created_at.getTime() };
    return { state: 'FAILED', reason: row.reason ?? 'FAILED' };
  }

  return {
    async send(request) {
      const answer = await record(request);
      if (fault === 'timeout') {
        await sleep(60_000); // accepted and paid, and no answer: the caller's time budget ends first
        throw new PayoutUnknownError('timed out');
      }
      if (fault === 'error-500') throw new PayoutUnknownError('500 Internal Server Error');
      if (fault === 'late') await sleep(lateMs);
      return answer;
    },
    status,
    async payoutsMade(tenant, prefix = '') {
      const [row] = await db
        .select({ n: count() })
        .from(sandboxPayouts)
        .where(and(eq(sandboxPayouts.tenant_id, tenant), eq(sandboxPayouts.status, 'PAID'), like(sandboxPayouts.reference, `${prefix}%`)));
      return Number(row?.n ?? 0);
    },
    setFault(next) {
      fault = next;
    },
  };
}
