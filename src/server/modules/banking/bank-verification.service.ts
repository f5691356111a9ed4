import type { Db } from '../../db/client';
import type { ApplicationRow } from '../../db/schema';
import { accept, refuse, type Outcome } from '../../outcome';
import type { BankAccountProvider } from '../../providers/bank-account/bank-account-provider';
import { spendQuota, type QuotaCaller } from '../rate-limit/paid-call-quotas';
import { keyedVerificationOf, recordVerification } from '../verification/verification.service';
import { said } from '../../kernels/messages';

/** A bank account check is kept on the application by IFSC and account number. */
export const bankAccountKey = (ifsc: string, accountNumber: string) => `${ifsc.toUpperCase()}:${accountNumber}`;

export type BankCheck = { status: 'VERIFIED'; account_number: string; ifsc: string; name: string; bank_name: string | null };

/** The recorded, verified check of an account on an application, if any. */
export function verifiedBankAccount(data: Record<string, unknown>, ifsc: string, accountNumber: string): BankCheck | undefined {
  const check = keyedVerificationOf(data, 'bank_account', bankAccountKey(ifsc, accountNumber));
  return check?.status === 'VERIFIED' && typeof check.name === 'string' ? (check as unknown as BankCheck) : undefined;
}

/**
 * verify-bank-acc-v3: the provider's answer for an account, recorded on the application
 * (data.verifications.bank_account[<IFSC>:<account>]). A verified account is one-way: it is not
 * asked again, and a later failure is never recorded over it. A call to the provider spends the
 * payer's quota (paid-call-quotas.ts).
 */
export async function verifyBankAccount(
  db: Db,
  provider: BankAccountProvider,
  payer: QuotaCaller,
  application: ApplicationRow,
  query: { account_number: string; ifsc: string; reference?: string | null },
  now: number,
): Promise<Outcome<BankCheck>> {
  const known = verifiedBankAccount(application.data, query.ifsc, query.account_number);
  if (known) return accept(known);
  const tenant = payer.tenant;
  await spendQuota(db, payer, 'bank_account', now);
  const applicantName = typeof application.data.name === 'string' ? application.data.name : null;
  const result = await provider.verifyAccount({ account_number: query.account_number, ifsc: query.ifsc, applicant_name: applicantName });
  const at = new Date(now).toISOString();
  const key = bankAccountKey(query.ifsc, query.account_number);
  const base = { account_number: query.account_number, ifsc: query.ifsc, reference: query.reference ?? null };
  if (!result.found) {
    await recordVerification(db, tenant, application.id, 'bank_account', { status: 'FAILED', ...base, checked_at: at }, key);
    return refuse(422, said('banking.bankVerificationFailed'));
  }
  const check: BankCheck = {
    status: 'VERIFIED',
    account_number: query.account_number,
    ifsc: query.ifsc,
    name: result.name,
    bank_name: result.bank_name,
  };
  await recordVerification(db, tenant, application.id, 'bank_account', { ...check, reference: base.reference, verified_at: at }, key);
  return accept(check);
}
