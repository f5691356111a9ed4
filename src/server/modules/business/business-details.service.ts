import {
  APP_MSG,
  BANK_SUFFIXES,
  businessDetailsSchema,
  employmentInfoSchema,
  gstPanDiffers,
  statementFileIds,
  type Tenant,
} from '../../../domain';
import { bankById } from '../../data/banks';
import type { Db } from '../../db/client';
import { transact } from '../../db/transact';
import { parseInput } from '../../http/envelope';
import { accept, refuse, type Outcome } from '../../outcome';
import type { AuthUser } from '../../types';
import { blanksToNull, RECORD_MSG } from '../co-applicants/application-records';
import { filesOfApplication, loadStepApplication, type StepVariant } from './step-access';
import { stepAnswer, writeStep, type StepAnswer } from './step-record';

export type StepCall = { tenant: Tenant; user: AuthUser; db: Db; now: () => number };

const BUSINESS_FILE_FIELDS = ['gst_upload', 'business_proof', 'business_ownership_proof_file', 'residence_ownership_proof_file', 'business_rent_agreement'] as const;
const EMPLOYMENT_FILE_FIELDS = ['company_id_card', 'salary_slip1', 'salary_slip2', 'salary_slip3'] as const;

/** Spec 02 §3: the business proof is sent as `upload_business_proof`; the form's name is `business_proof`. Either is taken. */
function withBusinessProofAlias(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  if ((b.business_proof === undefined || b.business_proof === null) && b.upload_business_proof !== undefined) return { ...b, business_proof: b.upload_business_proof };
  return body;
}

/**
 * The business form as stored: blanks null, statements always lists, and beside each bank block
 * the bank's code from the bank list (what the CAM is asked with); a statement bank not in the
 * list is 'Bank code not found' (spec 02 §8: the submit stops). The GSTIN's PAN is compared with
 * the borrower's and the flag kept for the reviewers.
 */
function businessRecord(form: Record<string, unknown>, borrowerPan: unknown): Outcome<Record<string, unknown>> {
  const record: Record<string, unknown> = blanksToNull({ ...form });
  for (const s of BANK_SUFFIXES) {
    const files = statementFileIds(form[`bank_statement${s}`]);
    record[`bank_statement${s}`] = files.length ? files : null;
    const id = form[`statement_bank_id${s}`];
    if (id === undefined || id === null) {
      record[`bank_code${s}`] = null;
      continue;
    }
    const bank = bankById(id);
    if (!bank) return refuse(400, APP_MSG.bankCodeNotFound);
    record[`bank_code${s}`] = bank.code;
  }
  record.upload_business_proof = record.business_proof;
  record.gst_pan_mismatch = gstPanDiffers(form.gst_no, borrowerPan);
  return accept(record);
}

/** POST (officer, branch credit manager) and PATCH (branch manager) /:id/business-detail: the whole form, saved over any earlier one. */
export async function saveBusinessDetails(call: StepCall, id: string, body: unknown, variant: StepVariant): Promise<Outcome<StepAnswer>> {
  const { db, tenant, user, now } = call;
  const loaded = await loadStepApplication(db, tenant, user, id, variant);
  if (!loaded.ok) return loaded;
  const parsed = parseInput(businessDetailsSchema, withBusinessProofAlias(body));
  if (!parsed.ok) return refuse(400, parsed.message);
  const form = parsed.value as Record<string, unknown>;
  const record = businessRecord(form, loaded.value.data.pan);
  if (!record.ok) return record;
  const fileIds = [...BUSINESS_FILE_FIELDS.map((f) => form[f] as string | null | undefined), ...BANK_SUFFIXES.flatMap((s) => statementFileIds(form[`bank_statement${s}`]))];
  if (!(await filesOfApplication(db, tenant, id, fileIds))) return refuse(400, RECORD_MSG.invalidFile);

  return transact(db, async (tx) => {
    const locked = await loadStepApplication(tx, tenant, user, id, variant, true);
    if (!locked.ok) return locked;
    const at = new Date(now()).toISOString();
    const saved = { ...record.value, updated_by: user.id, updated_at: at };
    const row = await writeStep(tx, tenant, id, { app_mfi_business_details: saved, job_type: 'SELF_EMPLOYED' }, 'BUSINESS_INFO', now());
    return accept(stepAnswer(row));
  });
}

/** POST /:id/employment-info: the salaried borrower's step (with the personal discussion's three salary slips). */
export async function saveEmploymentInfo(call: StepCall, id: string, body: unknown): Promise<Outcome<StepAnswer>> {
  const { db, tenant, user, now } = call;
  const loaded = await loadStepApplication(db, tenant, user, id, 'any-editor');
  if (!loaded.ok) return loaded;
  const parsed = parseInput(employmentInfoSchema, body);
  if (!parsed.ok) return refuse(400, parsed.message);
  const form = parsed.value as Record<string, unknown>;
  if (!(await filesOfApplication(db, tenant, id, EMPLOYMENT_FILE_FIELDS.map((f) => form[f] as string | null | undefined)))) return refuse(400, RECORD_MSG.invalidFile);

  return transact(db, async (tx) => {
    const locked = await loadStepApplication(tx, tenant, user, id, 'any-editor', true);
    if (!locked.ok) return locked;
    const saved = { ...blanksToNull(form), updated_by: user.id, updated_at: new Date(now()).toISOString() };
    const row = await writeStep(tx, tenant, id, { app_mfi_employment_info: saved, job_type: 'SALARIED' }, 'BUSINESS_INFO', now());
    return accept(stepAnswer(row));
  });
}
