import { and, eq, lte } from 'drizzle-orm';
import {
  calendarDateOf,
  checkPostSanctionMove,
  disbursedSmsText,
  formatDisplayDate,
  maskAccount,
  parseDate,
  toRupees,
  isLanguage,
  type KfsLanguage,
  type Tenant,
} from '../../../domain';
import { borrowerLanguageOf } from '../../kernels/messages';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { applications, disbursements, type DisbursementRow } from '../../db/schema';
import { withinTime, type PayoutAnswer, type PayoutProvider } from '../../providers/payout/payout-provider';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { recordEvent, recordLoanEvent } from '../../kernels/history';
import { storedOffer } from '../../kernels/offers';
import { tenantName } from '../auth/otp.service';
import { coolingOffLastDay } from './disbursement.view';
import { finalScheduleOf } from './final-schedule';
import { loanDisbursedPayload } from './loan-event.payload';

/**
 * Settling a payout (issue 34 item 2, "exactly once"): a PENDING payout becomes PAID or FAILED
 * only here, under the row locks of its application and itself, and only from PENDING, so
 * however many approvals, nodes and jobs learn the bank's answer, one of them records it: the
 * UTR once, the move to DISBURSED once, the history and the loan.disbursed event once, the SMS once.
 * An unknown answer (a timeout, a 5xx) changes nothing; the payout is asked about again by
 * reference (checkPayout), never sent again.
 */

export type PayoutDeps = {
  db: Db;
  payouts: PayoutProvider;
  sms: SmsProvider;
  clock: Clock;
  config: Pick<Config, 'payoutTimeoutMs' | 'payoutNotFoundFailMinutes'>;
  log?: (message: string) => void;
};

export const NOT_FOUND_REASON = 'The bank has no record of this payout.';

type Settled = { payout: DisbursementRow; paidNow: boolean };

/** Records the bank's answer for a PENDING payout; answers the payout as it is afterwards. */
export async function settlePayout(deps: PayoutDeps, tenant: Tenant, reference: string, answer: PayoutAnswer): Promise<DisbursementRow> {
  const now = deps.clock.now();
  const settled: Settled = await deps.db.transaction(async (tx) => {
    const [peek] = await tx
      .select({ application_id: disbursements.application_id })
      .from(disbursements)
      .where(and(eq(disbursements.tenant_id, tenant), eq(disbursements.reference, reference)));
    // The application first, then the payout: the order every writer of both takes.
    const [row] = await tx
      .select()
      .from(applications)
      .where(and(eq(applications.tenant_id, tenant), eq(applications.id, peek!.application_id)))
      .for('update');
    const [payout] = await tx
      .select()
      .from(disbursements)
      .where(and(eq(disbursements.tenant_id, tenant), eq(disbursements.reference, reference)))
      .for('update');
    if (!row || !payout || payout.state !== 'PENDING') return { payout: payout!, paidNow: false };
    const where = and(eq(disbursements.tenant_id, tenant), eq(disbursements.reference, reference));
    const actorId = payout.approved_by ?? payout.requested_by;
    const at = new Date(now);

    if (answer.state === 'NOT_FOUND') {
      const sentAt = payout.approved_at?.getTime() ?? now;
      const givenUp = now - sentAt >= deps.config.payoutNotFoundFailMinutes * 60_000;
      if (!givenUp) {
        const [checked] = await tx.update(disbursements).set({ checked_at: at }).where(where).returning();
        return { payout: checked!, paidNow: false };
      }
      answer = { state: 'FAILED', reason: NOT_FOUND_REASON };
    }
    if (answer.state === 'FAILED') {
      const [failed] = await tx
        .update(disbursements)
        .set({ state: 'FAILED', failure_reason: answer.reason, settled_at: at, checked_at: at })
        .where(where)
        .returning();
      await recordEvent(tx, {
        tenant,
        applicationId: row.id,
        at: now,
        actorId,
        action: 'PAYOUT_FAILED',
        from: row.status,
        to: row.status,
        detail: { reference, reason: answer.reason, amount: toRupees(payout.amount_paise) },
      });
      return { payout: failed!, paidNow: false };
    }

    const offer = storedOffer(row)!;
    const paidOn = calendarDateOf(new Date(answer.paidAt));
    const facts = finalScheduleOf(offer, paidOn);
    const [paid] = await tx
      .update(disbursements)
      .set({ state: 'PAID', utr: answer.utr, settled_at: at, checked_at: at, final_schedule: facts as unknown as Record<string, unknown> })
      .where(where)
      .returning();
    if (checkPostSanctionMove(row.status, 'DISBURSED').ok && row.status !== 'DISBURSED') {
      await tx
        .update(applications)
        .set({ status: 'DISBURSED', updated_at: at, resubmitted_at: null })
        .where(and(eq(applications.tenant_id, tenant), eq(applications.id, row.id)));
      await recordEvent(tx, { tenant, applicationId: row.id, at: now, actorId, action: 'MOVED', from: row.status, to: 'DISBURSED' });
    }
    await recordEvent(tx, {
      tenant,
      applicationId: row.id,
      at: now,
      actorId,
      action: 'DISBURSEMENT_APPROVED',
      from: row.status,
      to: 'DISBURSED',
      detail: {
        reference,
        utr: answer.utr,
        amount: toRupees(payout.amount_paise),
        requested_by: payout.requested_by,
        approved_by: actorId,
      },
    });
    await recordLoanEvent(tx, tenant, {
      type: 'loan.disbursed',
      applicationId: row.id,
      at: now,
      payload: await loanDisbursedPayload(tx, tenant, row, paid!, facts!),
    });
    return { payout: paid!, paidNow: true };
  });
  if (settled.paidNow) await textBorrower(deps, tenant, settled.payout).catch(() => deps.log?.('disbursement SMS not sent'));
  return settled.payout;
}

/** The borrower's SMS: the amount, account, UTR, first instalment and the cooling-off period, in the statement's language (else the borrower's). */
async function textBorrower(deps: PayoutDeps, tenant: Tenant, payout: DisbursementRow): Promise<void> {
  const [row] = await deps.db
    .select()
    .from(applications)
    .where(and(eq(applications.tenant_id, tenant), eq(applications.id, payout.application_id)));
  if (!row?.phone) return;
  const facts = payout.final_schedule as { schedule?: { emi: number; date: string }[] } | null;
  const first = facts?.schedule?.[0];
  const acknowledged = storedOffer(row)?.acknowledgement?.language;
  const language: KfsLanguage = isLanguage(acknowledged) ? acknowledged : borrowerLanguageOf(row);
  const display = (iso: string | null | undefined) => (parseDate(iso) ? formatDisplayDate(parseDate(iso)!) : '');
  const text = disbursedSmsText(language, {
    lender: await tenantName({ db: deps.db }, tenant),
    amount: toRupees(payout.amount_paise).toFixed(2),
    account: maskAccount(payout.account_number),
    utr: payout.utr ?? '',
    firstEmi: first ? first.emi.toFixed(2) : '',
    firstEmiDate: display(first?.date),
    lastDay: display(coolingOffLastDay(row, payout)),
  });
  await deps.sms.send(tenant, row.phone, text);
}

/** Asks the bank for a PENDING payout's reference and records its answer; an unanswered question changes nothing. */
export async function checkPayout(deps: PayoutDeps, payout: DisbursementRow): Promise<DisbursementRow> {
  if (payout.state !== 'PENDING') return payout;
  let answer: PayoutAnswer;
  try {
    answer = await withinTime(deps.payouts.status(payout.tenant_id as Tenant, payout.reference), deps.config.payoutTimeoutMs);
  } catch {
    return payout;
  }
  return settlePayout(deps, payout.tenant_id as Tenant, payout.reference, answer);
}

/**
 * The job (maintenance.ts, one node of many): every payout PENDING for at least `minAgeMs` is
 * asked about by reference. Answers how many were looked at and how many are settled now.
 */
export async function settlePendingPayouts(deps: PayoutDeps, minAgeMs = 30_000): Promise<{ checked: number; settled: number }> {
  const pending = await deps.db
    .select()
    .from(disbursements)
    .where(and(eq(disbursements.state, 'PENDING'), lte(disbursements.approved_at, new Date(deps.clock.now() - minAgeMs))))
    .limit(200);
  let settled = 0;
  for (const payout of pending) if ((await checkPayout(deps, payout)).state !== 'PENDING') settled++;
  return { checked: pending.length, settled };
}
