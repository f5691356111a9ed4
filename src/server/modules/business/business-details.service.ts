import {
  BANK_SUFFIXES,
  bankCodesOf,
  type BusinessDetailsForm,
  type EmploymentInfoForm,
  gstPanDiffers,
  statementFileIds,
  type Tenant,
} from '../../../domain';
import { and, eq, sql } from 'drizzle-orm';
import { BANKS } from '../../data/banks';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { applications, type ApplicationRow } from '../../db/schema';
import { transact } from '../../db/transact';
import { accept, type Outcome, refuse, refusedAs } from '../../outcome';
import type { AuthUser } from '../../types';
import { blanksToNull, stepAnswer, writeStep, type StepAnswer, type StepCallAction } from '../../kernels/records';
import { accessTo, loadApplicationFor, refusalBeforeLookup, withStage } from '../../kernels/access';
import { APPLICATION_MSG } from '../applications/applications.messages';
import { checkFileRefs, fileIdCandidates, fileRefsRefusal, referencedAmong, refsOf, type FileRefs } from '../../kernels/files';
import { isObject } from '../../../domain/shared/is-object';
import { said } from '../../kernels/messages';

export type StepCall = { tenant: Tenant; user: AuthUser; db: Db; now: () => number };

const BUSINESS_FILE_FIELDS = [
  'gst_upload',
  'upload_business_proof',
  'business_ownership_proof_file',
  'residence_ownership_proof_file',
  'business_rent_agreement',
] as const;
const EMPLOYMENT_FILE_FIELDS = ['company_id_card', 'salary_slip1', 'salary_slip2', 'salary_slip3'] as const;

/**
 * The business form as stored: blanks null, statements always lists, and beside each bank block
 * the bank's code from the bank list (what the CAM is asked with); a statement bank not in the
 * list is 'Bank code not found' (spec 02 §8: the submit stops). The GSTIN's PAN is compared with
 * the borrower's and the flag kept for the reviewers.
 */
function businessRecord(form: Record<string, unknown>, borrowerPan: unknown): Outcome<Record<string, unknown>> {
  const record: Record<string, unknown> = blanksToNull({ ...form });
  const found = bankCodesOf(form, BANKS);
  if (!found.ok) return refuse(400, said('app.bankCodeNotFound'));
  Object.assign(record, found.codes);
  for (const s of BANK_SUFFIXES) {
    const files = statementFileIds(form[`bank_statement${s}`]);
    record[`bank_statement${s}`] = files.length ? files : null;
  }
  record.gst_pan_mismatch = gstPanDiffers(form.gst_no, borrowerPan);
  return accept(record);
}

const ph = sql.placeholder;

/** The application, and which of the form's file ids are its uploads (file-references.ts). */
const loadBusinessStatement = (db: Db) =>
  preparedOnce(db, 'business_load', () =>
    db
      .select({
        application: applications,
        uploaded: referencedAmong(ph('tenant'), ph('id'), ph('fileIds')),
      })
      .from(applications)
      .where(and(eq(applications.tenant_id, ph('tenant')), eq(applications.id, ph('id'))))
      .prepare('business_load'),
  );

/** The write: one conditional update (as the KYC submit's) applying only while the status the checks passed on holds. */
const writeBusinessStatement = (db: Db) =>
  preparedOnce(db, 'business_write', () =>
    db
      .update(applications)
      .set({
        data: sql`${applications.data} || ${ph('patch')}::jsonb`,
        stage: withStage('BUSINESS_INFO'),
        updated_at: sql`${ph('at')}::timestamptz`,
      })
      .where(and(eq(applications.tenant_id, ph('tenant')), eq(applications.id, ph('id')), eq(applications.status, ph('was'))))
      .returning()
      .prepare('business_write'),
  );

const businessFileRefs = (form: Record<string, unknown>): FileRefs => ({
  ...refsOf(form, BUSINESS_FILE_FIELDS),
  ...Object.fromEntries(BANK_SUFFIXES.map((s) => [`bank_statement${s}`, statementFileIds(form[`bank_statement${s}`])])),
});

/** What the business step reads before its body is validated: the application, and which of the form's file ids are its uploads. */
export type BusinessLoaded = { application: ApplicationRow; uploaded: string[] };

/**
 * The business step's one read, before the route schema (loadBeforeBody): whose application it
 * is and in which state (404, 403, 409 before anything about the body), with the file ids the
 * body sends looked up in the same query.
 */
export async function loadBusinessStep(
  call: StepCall,
  id: string,
  body: unknown,
  action: StepCallAction,
): Promise<Outcome<BusinessLoaded>> {
  const { db, tenant, user } = call;
  const before = refusalBeforeLookup(user, id);
  if (before) return refusedAs(before);
  const candidates = isObject(body) ? fileIdCandidates(businessFileRefs(body), Object.keys(businessFileRefs(body))) : [];
  const [loaded] = await loadBusinessStatement(db).execute({ tenant, id, fileIds: candidates });
  const access = accessTo(user, loaded?.application, action);
  if (!access.ok) return refusedAs(access);
  return accept({ application: access.application, uploaded: loaded!.uploaded });
}

/**
 * POST (officer, branch credit manager) and PATCH (branch manager) /:id/business-detail: the whole
 * form (parsed by the route schema), saved over any earlier one. Two round trips, as the KYC
 * submit: the application with the form's files found in one query (loadBusinessStep, before the
 * body is validated), then one update that applies only while the application's status is the one
 * checked (409 if it changed).
 */
export async function saveBusinessDetails(
  call: StepCall,
  id: string,
  body: BusinessDetailsForm,
  loaded: BusinessLoaded,
): Promise<Outcome<StepAnswer>> {
  const { db, tenant, user, now } = call;
  const { application } = loaded;
  const form = body as Record<string, unknown>;
  const record = businessRecord(form, application.data.pan);
  if (!record.ok) return record;
  const foreignFile = fileRefsRefusal(businessFileRefs(form), loaded.uploaded);
  if (foreignFile) return foreignFile;
  const at = new Date(now()).toISOString();
  const saved = { ...record.value, updated_by: user.id, updated_at: at };
  const [row] = await writeBusinessStatement(db).execute({
    tenant,
    id,
    was: application.status,
    at,
    patch: JSON.stringify({ app_mfi_business_details: saved, job_type: 'SELF_EMPLOYED' }),
  });
  if (!row) return refuse(409, APPLICATION_MSG.changedMeanwhile);
  return accept(stepAnswer(row));
}

/** POST /:id/employment-info: the salaried borrower's step (with the personal discussion's three salary slips). */
export async function saveEmploymentInfo(call: StepCall, id: string, body: EmploymentInfoForm): Promise<Outcome<StepAnswer>> {
  const { db, tenant, user, now } = call;
  const loaded = await loadApplicationFor(db, tenant, user, id, 'change-step');
  if (!loaded.ok) return refusedAs(loaded);
  const form = body as Record<string, unknown>;
  const foreignFile = await checkFileRefs(db, tenant, id, refsOf(form, EMPLOYMENT_FILE_FIELDS));
  if (foreignFile) return foreignFile;

  return transact(db, async (tx) => {
    const locked = await loadApplicationFor(tx, tenant, user, id, 'change-step', true);
    if (!locked.ok) return refusedAs(locked);
    const saved = { ...blanksToNull(form), updated_by: user.id, updated_at: new Date(now()).toISOString() };
    const row = await writeStep(tx, tenant, id, { app_mfi_employment_info: saved, job_type: 'SALARIED' }, 'BUSINESS_INFO', now());
    return accept(stepAnswer(row));
  });
}
