import { and, eq } from 'drizzle-orm';
import { toRupees, type KeyFactsView, type Tenant } from '../../../domain';
import type { Tx } from '../../db/client';
import { coApplicants, type ApplicationRow, type DisbursementRow } from '../../db/schema';
import { mandateUmrnOf } from '../../kernels/records';
import { storedOffer } from '../../kernels/offers';

/**
 * The payloads of the events for the lender's loan-management system (issue 34 item 5, written by
 * this module in the transaction of the change): loan.disbursed carries what an LMS needs to
 * create the client and book the loan; loan.cancelled what it needs to close it.
 */

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

function borrowerOf(row: ApplicationRow) {
  const d = row.data;
  return {
    name: text(d.name),
    mobile: row.phone,
    gender: text(d.gender),
    dob: text(d.dob),
    pan: text(d.pan),
    address: text(d.address),
    city: text(d.city),
    district: text(d.district),
    state: text(d.state),
    pincode: text(d.pincode),
  };
}

async function coApplicantsOf(tx: Tx, tenant: Tenant, applicationId: string) {
  const rows = await tx
    .select({ id: coApplicants.id, type: coApplicants.type, data: coApplicants.data })
    .from(coApplicants)
    .where(and(eq(coApplicants.tenant_id, tenant), eq(coApplicants.application_id, applicationId), eq(coApplicants.status, 'ACTIVE')));
  return rows.map((r) => ({ id: r.id, type: r.type, name: text(r.data.name), mobile: text(r.data.phone), pan: text(r.data.pan) }));
}

/** loan.disbursed: borrower, co-applicants, amounts, the final schedule, KFS number and hash, agreement link, mandate UMRN. */
export async function loanDisbursedPayload(tx: Tx, tenant: Tenant, row: ApplicationRow, payout: DisbursementRow, facts: KeyFactsView) {
  const offer = storedOffer(row);
  return {
    application_id: row.id,
    tracker_id: row.tracker_id,
    loan_type: facts.loan_type,
    borrower: borrowerOf(row),
    co_applicants: await coApplicantsOf(tx, tenant, row.id),
    amounts: {
      loan_amount: facts.loan_amount,
      processing_fee: facts.processing_fee,
      gst_on_processing_fee: facts.gst_on_processing_fee,
      insurance_fee: facts.insurance_fee,
      net_disbursed_amount: toRupees(payout.amount_paise),
      interest_rate: facts.interest_rate,
      apr_percent: facts.apr_percent,
      emi: facts.emi,
      total_interest: facts.total_interest,
      total_payable: facts.total_payable,
      tenure_months: facts.tenure_months,
    },
    payout: {
      reference: payout.reference,
      utr: payout.utr,
      paid_on: facts.disbursement_date,
      ifsc: payout.ifsc,
      account_last4: payout.account_number.slice(-4),
    },
    schedule: facts.schedule,
    emi_start_date: facts.emi_start_date,
    kfs: {
      number: offer?.kfs_number ?? null,
      content_hash: offer?.acknowledgement?.content_hash ?? null,
      language: offer?.acknowledgement?.language ?? null,
    },
    agreement_link: `/api/v1/app/mfi/${row.id}/agreement/pdf`,
    mandate_umrn: await mandateUmrnOf(tx, tenant, row),
  };
}

/** loan.cancelled: the loan closed by the borrower's cooling-off exit, with the amount received. */
export const loanCancelledPayload = (row: ApplicationRow, payout: DisbursementRow, exit: Record<string, unknown>) => ({
  application_id: row.id,
  tracker_id: row.tracker_id,
  reason: 'COOLING_OFF_EXIT',
  payout: { reference: payout.reference, utr: payout.utr },
  exit,
});
