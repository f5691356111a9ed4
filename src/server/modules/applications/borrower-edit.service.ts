import { borrowerSchema, policyStateOf, statusAfterLoanTypeChange, type BorrowerForm, type CalendarDate } from '../../../domain';
import type { ApplicationRow } from '../../db/schema';
import { parseInput } from '../../http/envelope';
import { accept, refuse, type Outcome } from '../../outcome';
import { isCreatorRole } from '../../kernels/access';
import type { ApplicationDeps, StepCall } from './application-deps';
import type { ApplicationPatch } from './application-patch.input';
import { checkBorrowerIdentity } from './borrower-identity.service';
import { borrowerRecord, storedBorrowerForm } from './borrower-record';
import type { Moved, UpdatePlan } from './update-plan';

const IDENTITY_FIELDS = ['phone', 'name', 'pan', 'voter_id', 'gender'];

/**
 * The borrower fields of a patch. Once the borrower step is done, the stored form with the patch
 * applied is checked whole (so cross-field rules such as the loan limits of a new loan type
 * hold), and a change of phone, name, PAN, voter ID or gender passes the borrower step's
 * identity checks and name match again.
 */
async function borrowerChanges(
  deps: ApplicationDeps,
  application: ApplicationRow,
  patch: ApplicationPatch,
  today: CalendarDate,
): Promise<Outcome<Record<string, unknown>>> {
  const fields = patch.fields;
  if (Object.keys(fields).length === 0) return accept({});
  if (!application.stage.includes('BORROWER_INFO')) return accept(borrowerRecord(fields as Partial<BorrowerForm>, deps.aadhaarKey));
  const merged = { ...storedBorrowerForm(application.data, application.phone, deps.aadhaarKey), ...fields };
  const form = parseInput(borrowerSchema(today), merged);
  if (!form.ok) return refuse(400, form.message);
  const record = borrowerRecord(form.value, deps.aadhaarKey);
  if (!('aadhaar' in fields)) {
    delete record.aadhaar_encrypted;
    delete record.aadhaar_masked;
  }
  if (IDENTITY_FIELDS.some((f) => f in fields)) {
    const deviations = await checkBorrowerIdentity(deps.providers.nameMatch, application, form.value, patch.deviationTypes);
    if (!deviations.ok) return deviations;
    record.deviations = deviations.value;
  }
  return accept(record);
}

/**
 * The borrower's edit of a PATCH /:id: the borrower fields and the remarks it changes, or why it
 * is refused. A status the patch asks for is the status move's (status-move.service.ts).
 */
export async function planBorrowerEdit(
  deps: ApplicationDeps,
  call: StepCall,
  application: ApplicationRow,
  patch: ApplicationPatch,
  today: CalendarDate,
): Promise<Outcome<UpdatePlan>> {
  const borrower = await borrowerChanges(deps, application, patch, today);
  if (!borrower.ok) return borrower;
  const data: Record<string, unknown> = { ...borrower.value };
  if (patch.remarks !== undefined) data.remarks = patch.remarks;

  // Change Loan Type (spec 02 §4 rejection page): the officer's new loan type reopens an
  // application the bureau rejected (the access policy lets only them, and only after a bureau
  // rejection, change a rejected application); the KYC step (and so the bureau) runs again. The
  // history keeps the bureau's rejection with its reasons, and records this way out.
  let status = application.status;
  let stage = application.stage;
  let moved: Moved | null = null;
  const loanType = patch.fields.loan_type;
  const bureauRejected = policyStateOf(application.status, application.data) === 'REJECTED_BY_BUREAU';
  if (bureauRejected && isCreatorRole(call.user) && loanType !== undefined && loanType !== application.data.loan_type) {
    status = statusAfterLoanTypeChange(status);
    stage = stage.filter((s) => s !== 'BORROWER_BASIC_INFO');
    Object.assign(data, { approval_checks: null, bureau_deviation_exists: false, rejection_reason: null });
    moved = { from: application.status, to: status, remarks: null, detail: { reason: 'LOAN_TYPE_CHANGED', loan_type: loanType } };
  }
  return accept({ data, status, stage, moved });
}
