import { and, eq, max } from 'drizzle-orm';
import {
  calendarDateOf,
  formatIsoDate,
  maskAccount,
  parseDate,
  toPaise,
  type DisbursementRequest,
  type DisbursementView,
  type Tenant,
} from '../../../domain';
import { disbursements, type ApplicationRow } from '../../db/schema';
import { transact } from '../../db/transact';
import { accept, type Outcome, refuse, refusedAs } from '../../outcome';
import { withinTime, type PayoutAnswer } from '../../providers/payout/payout-provider';
import { isPayoutConfigured } from '../../providers/unconfigured.provider';
import { loadApplicationFor } from '../../kernels/access';
import { recordEvent } from '../../kernels/history';
import { storedOffer } from '../../kernels/offers';
import type { AuthUser } from '../../types';
import { verifiedBankAccount } from '../banking/bank-verification.service';
import { keyFactsOf } from '../loan-offer/loan-offer.view';
import { disbursementView, failedAttempts, latestPayoutOf, livePayoutOf } from './disbursement.view';
import { checkPayout, settlePayout, type PayoutDeps } from './payout-settlement';
import { said } from '../../kernels/messages';

/**
 * The maker and the checker of a payout (issue 34 item 1; DECISIONS.md "After approval"). The
 * maker's request is for the accepted amount less the fees deducted (the statement's net
 * disbursed amount), to the verified account, on the statement's disbursement date. The checker's
 * approval moves the request to PENDING under the application's row lock, so of any number of
 * approvals one sends it; the others, and any approval after a timeout, ask the bank for the
 * reference's status (payout-settlement.ts).
 */

export type DisbursementCall = PayoutDeps & { tenant: Tenant; user: AuthUser };

type BankAccount = { account_number: string; ifsc: string; name: string };

/** The saved bank account, if it is verified (penny-dropped) and its check is on record. */
function verifiedAccountOf(row: ApplicationRow): BankAccount | null {
  const saved = row.data.app_mfi_bank_account as Record<string, unknown> | undefined;
  if (!saved || saved.is_verified !== true || typeof saved.account_number !== 'string' || typeof saved.ifsc_code !== 'string') return null;
  const check = verifiedBankAccount(row.data, saved.ifsc_code.toUpperCase(), saved.account_number);
  return check ? { account_number: check.account_number, ifsc: check.ifsc.toUpperCase(), name: check.name } : null;
}

/** What a request would be now: the accepted statement's net amount and date, the verified account. */
function plannedOf(row: ApplicationRow): DisbursementView['planned'] {
  const offer = storedOffer(row);
  const facts = offer?.is_accepted && offer.kfs_number ? keyFactsOf(offer) : null;
  if (!facts) return null;
  const account = verifiedAccountOf(row);
  return {
    amount: facts.net_disbursed_amount,
    disbursement_date: facts.disbursement_date,
    account: account ? maskAccount(account.account_number) : null,
    ifsc: account?.ifsc ?? null,
  };
}

async function viewOf(call: DisbursementCall, row: ApplicationRow): Promise<DisbursementView> {
  const latest = await latestPayoutOf(call.db, call.tenant, row.id);
  return disbursementView(row, latest, await failedAttempts(call.db, call.tenant, row.id), plannedOf(row));
}

/** GET /:id/disbursement: the tenant's reviewers, in any state. */
export async function readDisbursement(call: DisbursementCall, id: string): Promise<Outcome<DisbursementView>> {
  const access = await loadApplicationFor(call.db, call.tenant, call.user, id, 'offer-read');
  if (!access.ok) return refusedAs(access);
  return accept(await viewOf(call, access.application));
}

/** POST /:id/disbursement (the maker). The same request again, while it waits for its checker, answers it as it is. */
export async function requestDisbursement(
  call: DisbursementCall,
  id: string,
  body: DisbursementRequest,
): Promise<Outcome<DisbursementView>> {
  const now = call.clock.now();
  const done = await transact(call.db, async (tx) => {
    const access = await loadApplicationFor(tx, call.tenant, call.user, id, 'disburse', true);
    if (!access.ok) return refusedAs(access);
    const row = access.application;
    const offer = storedOffer(row);
    const facts = offer?.is_accepted && offer.kfs_number ? keyFactsOf(offer) : null;
    if (!offer || !facts) return refuse(409, said('disbursement.noOffer'));
    const kfsDate = facts.disbursement_date;
    if (formatIsoDate(parseDate(body.disbursement_date)!) !== kfsDate)
      return refuse(409, said('disbursement.otherDate', { date: kfsDate }));
    if (formatIsoDate(calendarDateOf(new Date(now))) !== kfsDate) return refuse(409, said('disbursement.notToday', { date: kfsDate }));
    const account = verifiedAccountOf(row);
    if (!account) return refuse(409, said('disbursement.accountNotVerified'));
    const live = await livePayoutOf(tx, call.tenant, row.id, true);
    if (live) return live.state === 'REQUESTED' ? accept(row) : refuse(409, said('disbursement.alreadyRequested'));
    const [last] = await tx
      .select({ n: max(disbursements.attempt) })
      .from(disbursements)
      .where(and(eq(disbursements.tenant_id, call.tenant), eq(disbursements.application_id, row.id)));
    const attempt = (last?.n ?? 0) + 1;
    const reference = `${row.id}-${attempt}`;
    const amountPaise = toPaise(facts.net_disbursed_amount);
    await tx.insert(disbursements).values({
      tenant_id: call.tenant,
      reference,
      application_id: row.id,
      attempt,
      state: 'REQUESTED',
      amount_paise: amountPaise,
      ifsc: account.ifsc,
      account_number: account.account_number,
      beneficiary_name: account.name,
      disbursement_date: kfsDate,
      requested_by: call.user.id,
      requested_at: new Date(now),
    });
    await recordEvent(tx, {
      tenant: call.tenant,
      applicationId: row.id,
      at: now,
      actorId: call.user.id,
      action: 'DISBURSEMENT_REQUESTED',
      from: row.status,
      to: row.status,
      detail: {
        reference,
        amount: facts.net_disbursed_amount,
        account: maskAccount(account.account_number),
        ifsc: account.ifsc,
        disbursement_date: kfsDate,
      },
    });
    return accept(row);
  });
  return done.ok ? accept(await viewOf(call, done.value)) : done;
}

/**
 * POST /:id/disbursement/approve (the checker). The first approval of a REQUESTED payout marks it
 * PENDING and commits before anything is sent, so no other approval can send it; then it is sent
 * with its reference and the answer settled. Any later approval (another tap, another node, after
 * a timeout) asks the bank for the reference's status instead, and a paid payout is answered as it is.
 */
export async function approveDisbursement(call: DisbursementCall, id: string): Promise<Outcome<DisbursementView>> {
  if (!isPayoutConfigured(call.payouts)) return refuse(503, said('text.payoutsAreNotAvailableNoBank'));
  const now = call.clock.now();
  const claimed = await transact(call.db, async (tx) => {
    const access = await loadApplicationFor(tx, call.tenant, call.user, id, 'approve-disbursement', true);
    if (!access.ok) return refusedAs(access);
    const payout = await livePayoutOf(tx, call.tenant, id, true);
    if (!payout) return refuse(409, said('disbursement.nothingRequested'));
    if (payout.requested_by === call.user.id) return refuse(403, said('disbursement.makerCannotApprove'));
    if (payout.state !== 'REQUESTED') return accept({ payout, send: false });
    const [pending] = await tx
      .update(disbursements)
      .set({ state: 'PENDING', approved_by: call.user.id, approved_at: new Date(now) })
      .where(and(eq(disbursements.tenant_id, call.tenant), eq(disbursements.reference, payout.reference)))
      .returning();
    return accept({ payout: pending!, send: true });
  });
  if (!claimed.ok) return claimed;
  const { payout, send } = claimed.value;
  if (send) {
    let answer: PayoutAnswer | null = null;
    try {
      answer = await withinTime(
        call.payouts.send({
          tenant: call.tenant,
          reference: payout.reference,
          amountPaise: payout.amount_paise,
          ifsc: payout.ifsc,
          accountNumber: payout.account_number,
          beneficiaryName: payout.beneficiary_name,
        }),
        call.config.payoutTimeoutMs,
      );
    } catch {
      call.log?.('payout answer unknown: kept PENDING');
    }
    if (answer) await settlePayout(call, call.tenant, payout.reference, answer);
  } else {
    await checkPayout(call, payout);
  }
  const access = await loadApplicationFor(call.db, call.tenant, call.user, id, 'offer-read');
  if (!access.ok) return refusedAs(access);
  return accept(await viewOf(call, access.application));
}

/** The message an approval answers with, for the payout's state. */
export const approvalMessage = (view: DisbursementView) =>
  said(view.state === 'PAID' ? 'disbursement.paid' : view.state === 'FAILED' ? 'disbursement.failed' : 'disbursement.pending');
