import { BANK_NAME_DEVIATION, type BankAccountForm, type Deviation, type NameMatcherBody, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import type { ApplicationRow } from '../../db/schema';
import { transact } from '../../db/transact';
import { accept, type Outcome, refuse, refusedAs } from '../../outcome';
import type { VerificationProviders } from '../../providers/verification-providers';
import type { AuthUser } from '../../types';
import { APPLICATION_MSG } from '../applications/applications.messages';
import { loadApplicationFor } from '../../kernels/access';
import { checkFileRefs } from '../../kernels/files';
import { stepAnswer, writeStep, type StepAnswer, type StepCallAction } from '../../kernels/records';
import { matchAllNames, type NameMatchSummary } from '../verification/name-match.service';
import { verifyBankAccount } from '../banking/bank-verification.service';
import { statementNamesOf } from '../banking/statement-identity.service';

export type BankCall = { tenant: Tenant; user: AuthUser; db: Db; providers: VerificationProviders; now: () => number };

const comparedNames = (info: unknown) => {
  const summary = (info ?? {}) as Partial<NameMatchSummary>;
  return JSON.stringify([summary.reference?.value, (summary.results ?? []).map((r) => [r.source, r.value])]);
};

/**
 * The bank's holder name, and the names on the statements read for this account, against the
 * borrower's (spec 02 §4: a mismatch is continued with BANK_NAME_MISMATCH_DEVIATION). As for the
 * borrower's name deviation: kept PENDING with the server's match result, its review status kept
 * while the compared names stay the same, dropped when the names match again.
 */
async function bankDeviations(
  providers: VerificationProviders,
  application: ApplicationRow,
  holderName: string,
  supplied: readonly string[],
): Promise<Outcome<Deviation[]>> {
  const data = application.data;
  const existing = Array.isArray(data.deviations) ? (data.deviations as Deviation[]) : [];
  const others = existing.filter((d) => d.type !== BANK_NAME_DEVIATION);
  const borrower = typeof data.name === 'string' ? data.name : null;
  if (!borrower) return accept(existing);
  const values: NameMatcherBody['values'] = [
    { source: 'INPUT', value: borrower },
    { source: 'BANK_ACCOUNT', value: holderName },
    ...statementNamesOf(data).map((value) => ({ source: 'BANK_ACCOUNT' as const, value })),
  ];
  const summary = await matchAllNames(providers.nameMatch, values);
  if (summary.is_match) return accept(others);
  const prior = existing.find((d) => d.type === BANK_NAME_DEVIATION && comparedNames(d.info) === comparedNames(summary));
  if (prior) return accept([...others, { ...prior, info: summary }]);
  if (!supplied.includes(BANK_NAME_DEVIATION)) return refuse(400, APPLICATION_MSG.nameMismatch);
  return accept([...others, { type: BANK_NAME_DEVIATION, info: summary, status: 'PENDING' }]);
}

/** The application of a bank step for its action, read before the body is validated (loadBeforeBody). */
export async function loadBankStep(call: BankCall, id: string, action: StepCallAction): Promise<Outcome<ApplicationRow>> {
  const access = await loadApplicationFor(call.db, call.tenant, call.user, id, action);
  return access.ok ? accept(access.application) : refusedAs(access);
}

/**
 * POST (officer, branch credit manager) and PATCH (branch manager) /:id/bank-account: the form
 * (parsed by the route schema), on the application read before it (loadBankStep's read). The account is verified through the provider now unless it already is on this
 * application (a failure is 422 'Bank verification failed.'), then the holder's name is matched
 * with the borrower's.
 */
export async function saveBankAccount(
  call: BankCall,
  id: string,
  body: BankAccountForm,
  action: StepCallAction,
  application: ApplicationRow,
): Promise<Outcome<StepAnswer>> {
  const { db, tenant, user, providers, now } = call;
  const { confirm_account_number: _confirmed, deviations, ...form } = body;
  const foreignFile = await checkFileRefs(db, tenant, id, { bank_proof: form.bank_proof });
  if (foreignFile) return foreignFile;
  const check = await verifyBankAccount(
    db,
    providers.bankAccount,
    { tenant, user, applicationId: application.id },
    application,
    { account_number: form.account_number, ifsc: form.ifsc_code },
    now(),
  );
  if (!check.ok) return check;

  return transact(db, async (tx) => {
    const locked = await loadApplicationFor(tx, tenant, user, id, action, true);
    if (!locked.ok) return refusedAs(locked);
    const supplied = (deviations ?? []).map((d) => d.type);
    const kept = await bankDeviations(providers, locked.application, check.value.name, supplied);
    if (!kept.ok) return kept;
    const saved = {
      ...form,
      verified_name: check.value.name,
      is_verified: true,
      updated_by: user.id,
      updated_at: new Date(now()).toISOString(),
    };
    const row = await writeStep(tx, tenant, id, { app_mfi_bank_account: saved, deviations: kept.value }, 'BANK_ACCOUNT', now());
    return accept(stepAnswer(row));
  });
}
