import { and, asc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { emiPaise, formatIsoDate, repaymentSchedule, toPaise, toRupees } from '../../src/domain';
import { applicationEvents, applications, mandates } from '../../src/server/db/schema';
import { BASE, rowOf } from './applications-fixtures';
import { call, type CallOptions } from './helpers/http';
import { latestOtp } from './helpers/auth-flow';
import { BORROWER } from './helpers/validation';
import { applicationAt, acceptedOffer, move, writeData, type Tokens, type World } from './review-fixtures';

// An APPROVED application with what the mandate needs: a verified (penny-dropped) bank account
// and an accepted offer with a whole schedule (amount, rate, tenure, disbursement date), reached
// by the real moves of review-fixtures.ts; the bank step and the offer have their own tests.

export const ACCOUNT = { account_number: '50100123456789', ifsc: 'HDFC0001234' };
/** Disbursed on the 25th: the first EMI falls on the 5th of the second month, a long first period. */
export const TERMS = {
  final_suggested_loan_amount: 100000,
  interest_rate: 24,
  risk_category_and_loan_type_wise_max_tenure: 12,
  disbursement_date: '2026-01-25',
  emi_start_date: '2026-03-05',
  processing_fee: 2000,
  gst_on_processing_fee: 360,
  insurance_fee: 1000,
  loan_type: 'MFI_BUSINESS_LOAN',
};

/** The schedule of TERMS by the domain's own maths: the figures the mandate must carry. */
export function expectedLimits() {
  const schedule = repaymentSchedule(toPaise(TERMS.final_suggested_loan_amount), 2400, 12, { year: 2026, month: 1, day: 25 });
  const emi = emiPaise(toPaise(TERMS.final_suggested_loan_amount), 2400, 12);
  return {
    emi: toRupees(emi),
    max_amount: toRupees(Math.max(emi, ...schedule.map((r) => r.emi))),
    first_debit: formatIsoDate(schedule[0]!.date),
    last_debit: formatIsoDate(schedule[11]!.date),
    instalments: 12,
  };
}

export async function approvedForMandate(w: World, account = ACCOUNT): Promise<{ id: string; tokens: Tokens }> {
  const at = await applicationAt(w, 'PD2_COMPLETE');
  await writeData(w.db, at.id, {
    app_mfi_bank_account: { ...account, ifsc_code: account.ifsc, verified_name: 'LAKSHMI DEVI', is_verified: true },
  });
  await writeData(w.db, at.id, { loan_offer: { ...(await acceptedOffer(w, at.id)), ...TERMS } });
  const res = await move(w, at.id, at.tokens.bcm, 'APPROVED');
  expect(res.status, res.body.message).toBe(200);
  expect(res.body.data.status).toBe('APPROVED');
  return at;
}

/** The agreement signed by every signer, straight in the database (the e-sign has its own tests). */
export async function agreementSigned(w: World, id: string) {
  await w.db
    .update(applications)
    .set({ status: 'AGREEMENT_SIGNED', agreement_signed_at: new Date(w.clock.now()) })
    .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)));
}

export const register = (w: World, id: string, token: string, body: unknown = {}, options: CallOptions = {}) =>
  call(w.app, 'POST', `${BASE}/${id}/mandate`, body, { token, ...options });
export const authorise = (w: World, id: string, token: string, body: unknown, options: CallOptions = {}) =>
  call(w.app, 'POST', `${BASE}/${id}/mandate/authorise`, body, { token, ...options });
export const readMandate = (w: World, id: string, token: string) => call(w.app, 'GET', `${BASE}/${id}/mandate`, undefined, { token });

/** The code the sandbox bank texted to the borrower's verified mobile. */
export const bankCode = (w: World) => latestOtp(w.app, BORROWER);

export const mandateRows = (w: World, id: string) =>
  w.db
    .select()
    .from(mandates)
    .where(and(eq(mandates.tenant_id, 'sahyog'), eq(mandates.application_id, id)))
    .orderBy(asc(mandates.seq));

export const historyOf = (w: World, id: string, actions: readonly string[]) =>
  w.db
    .select()
    .from(applicationEvents)
    .where(
      and(
        eq(applicationEvents.tenant_id, 'sahyog'),
        eq(applicationEvents.application_id, id),
        inArray(applicationEvents.action, [...actions]),
      ),
    )
    .orderBy(asc(applicationEvents.id));

export const statusOf = async (w: World, id: string) => (await rowOf(w.db, id)).status;
