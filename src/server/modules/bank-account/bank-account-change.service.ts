import { and, eq, sql } from 'drizzle-orm';
import type { BankAccountChange } from '../../../domain';
import { applications } from '../../db/schema';
import { transact } from '../../db/transact';
import { accept, type Outcome, refusedAs } from '../../outcome';
import { recordEvent } from '../../kernels/history';
import { loadApplicationFor } from '../../kernels/access';
import { stepAnswer, type StepAnswer } from '../../kernels/records';
import type { BankCall } from './bank-account.service';
import { keyedVerificationOf } from '../verification/verification.service';
import { bankAccountKey } from '../banking/bank-verification.service';

/** Whether the account is the saved bank account, still counted as verified. */
const isSavedAccount = (data: Record<string, unknown>, accountNumber: string, ifsc: string) => {
  const saved = data.app_mfi_bank_account as Record<string, unknown> | undefined;
  return (
    typeof saved === 'object' &&
    saved !== null &&
    saved.is_verified === true &&
    saved.account_number === accountNumber &&
    typeof saved.ifsc_code === 'string' &&
    saved.ifsc_code.toUpperCase() === ifsc
  );
};

/**
 * POST /:id/bank-account/change ("Change account", issue 21 D1): the verified account given up.
 * A bank check is one-way everywhere else (recordVerification never downgrades it); this is the
 * one way to clear it, by whoever may change the application (the access policy's `change-account`).
 * Its check is removed; when it is the saved bank account, that is marked unverified and the
 * BANK_ACCOUNT stage is taken back, so PD1 cannot complete until a verified account is submitted
 * again. The change is recorded in the history (who, when, the account's last 4 digits and
 * IFSC). An account with nothing recorded changes nothing and records nothing (a replay, or a
 * phone's old draft).
 */
export async function changeBankAccount(
  call: Omit<BankCall, 'providers'>,
  id: string,
  body: BankAccountChange,
): Promise<Outcome<StepAnswer>> {
  const { db, tenant, user, now } = call;
  return transact(db, async (tx) => {
    const locked = await loadApplicationFor(tx, tenant, user, id, 'change-account', true);
    if (!locked.ok) return refusedAs(locked);
    const { account_number: accountNumber, ifsc_code: ifsc } = body;
    const application = locked.application;
    const key = bankAccountKey(ifsc, accountNumber);
    const checked = keyedVerificationOf(application.data, 'bank_account', key) !== undefined;
    const saved = isSavedAccount(application.data, accountNumber, ifsc);
    if (!checked && !saved) return accept(stepAnswer(application));

    const at = now();
    const withoutCheck = sql`${applications.data} #- array['verifications', 'bank_account', ${key}::text]`;
    const [row] = await tx
      .update(applications)
      .set({
        data: saved ? sql`jsonb_set(${withoutCheck}, '{app_mfi_bank_account,is_verified}', 'false'::jsonb)` : withoutCheck,
        ...(saved ? { stage: sql`${applications.stage} - 'BANK_ACCOUNT'::text` } : {}),
        updated_at: new Date(at),
      })
      .where(and(eq(applications.tenant_id, tenant), eq(applications.id, id)))
      .returning();
    await recordEvent(tx, {
      tenant,
      applicationId: id,
      at,
      actorId: user.id,
      action: 'BANK_ACCOUNT_CHANGED',
      from: application.status,
      to: application.status,
      detail: { account_last4: accountNumber.slice(-4), ifsc, was_saved: saved },
    });
    return accept(stepAnswer(row!));
  });
}
