import { and, eq, sql } from 'drizzle-orm';
import type {
  ApplicationVerificationsView,
  ApplicationView,
  ApprovalChecks,
  Deviation,
  IncompleteApplicationView,
  KycForm,
  LoanOffer,
  Tenant,
} from '../../../domain';
import type { Db } from '../../db/client';
import { decodeRow, preparedOnce, type RawRow } from '../../db/prepared';
import { applications, coApplicants, familyMembers, type ApplicationRow, type CoApplicantRow, type FamilyMemberRow } from '../../db/schema';
import type { WorkflowHistoryEntry } from '../../../domain/policy/review-workflow';
import { isLanguage } from '../../../domain/messages/languages';
import { objectOrNull } from '../../../domain/shared/is-object';
import { toCoApplicantView } from '../co-applicants/co-applicant.view';
import { toFamilyMemberView } from '../family-members/family-member.view';
import { cpvInfoOf, referenceListOf } from '../cpv/cpv.view';
import { keyedVerificationOf, verificationOf } from '../verification/verification.service';
import { maskedAadhaarOf } from './borrower-record';

type Data = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const obj = <T>(v: unknown): T | null => objectOrNull(v) as T | null;

function identityCheck<K extends 'pan' | 'voter_id'>(data: Data, kind: K) {
  const value = str(data[kind]);
  const check = keyedVerificationOf(data, kind, value);
  if (!value || !check) return null;
  return { [kind]: value, name: str(check.name), status: str(check.status) ?? 'UNKNOWN' } as { [key in K]: string } & {
    name: string | null;
    status: string;
  };
}

function verificationsView(data: Data): ApplicationVerificationsView {
  const aadhaar = verificationOf(data, 'aadhaar')?.status;
  return {
    mobile: data.is_phone_verified === true,
    aadhaar: aadhaar === 'VERIFIED' || aadhaar === 'OTP_SENT' ? aadhaar : null,
    pan: identityCheck(data, 'pan'),
    voter_id: identityCheck(data, 'voter_id'),
  };
}

/** The application view of a row, given its co-applicant and family-member rows. */
export function shapeApplicationView(
  row: ApplicationRow,
  coRows: readonly CoApplicantRow[],
  familyRows: readonly FamilyMemberRow[],
  history: readonly WorkflowHistoryEntry[] = [],
): ApplicationView {
  const d = row.data;
  return {
    id: row.id,
    tracker_id: row.tracker_id,
    status: row.status,
    stage: row.stage,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    resubmitted_at: row.resubmitted_at?.toISOString() ?? null,
    borrower_language: isLanguage(row.borrower_language) ? row.borrower_language : null,
    phone: row.phone ?? str(d.phone),
    is_phone_verified: d.is_phone_verified === true,
    aadhaar: maskedAadhaarOf(d),
    title: str(d.title),
    name: str(d.name),
    alternate_phone: str(d.alternate_phone),
    email: str(d.email),
    gender: str(d.gender),
    marital_status: str(d.marital_status),
    dob: str(d.dob),
    age: num(d.age),
    pan: str(d.pan),
    voter_id: str(d.voter_id),
    pincode: str(d.pincode),
    city: str(d.city),
    district: str(d.district),
    state: str(d.state),
    address: str(d.address),
    landmark: str(d.landmark),
    address_ownership_type: str(d.address_ownership_type),
    address_owned_by: str(d.address_owned_by),
    years_of_residence: num(d.years_of_residence),
    house_type: str(d.house_type),
    loan_type: str(d.loan_type),
    amount_requested: num(d.amount_requested),
    tenure_requested: num(d.tenure_requested),
    emi_requested: num(d.emi_requested),
    purpose: str(d.purpose),
    terms_accepted: d.terms_accepted === true,
    kyc: obj<KycForm>(d.kyc),
    verifications: verificationsView(d),
    approval_checks: obj<ApprovalChecks>(d.approval_checks),
    bureau_deviation_exists: d.bureau_deviation_exists === true,
    rejection_reason: str(d.rejection_reason),
    deviations: list<Deviation>(d.deviations),
    remarks: str(d.remarks),
    // Shaped as the co-applicant and family routes answer them.
    co_applicants: coRows.map(toCoApplicantView),
    family_members: familyRows.map(toFamilyMemberView),
    job_type: str(d.job_type),
    app_mfi_business_details: obj<Record<string, unknown>>(d.app_mfi_business_details),
    app_mfi_employment_info: obj<Record<string, unknown>>(d.app_mfi_employment_info),
    app_mfi_bank_account: obj<Record<string, unknown>>(d.app_mfi_bank_account),
    // Field verification (with the server's geo checks per photo) and references (issue 12).
    app_mfi_cpv_info: cpvInfoOf(d),
    reference_list: referenceListOf(d),
    loan_offer: obj<LoanOffer>(d.loan_offer),
    // Every move, resubmission and deviation decision, newest first (application-history.ts).
    history: [...history],
  };
}

type RecordTable = typeof coApplicants | typeof familyMembers;

/** Decodes a jsonb array of a record table's rows (recordsOf) as drizzle's selects decode rows. */
const decodeRecords =
  <T extends RecordTable>(table: T) =>
  (rows: RawRow[]) =>
    rows.map((r) => decodeRow(table, r)) as T['$inferSelect'][];

const decodeHistory = (rows: (WorkflowHistoryEntry & { at: string })[]): WorkflowHistoryEntry[] =>
  rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));

/** SQL: the rows of a table of application records (co-applicants, family members), oldest first, as one jsonb array. */
const recordsOf = <T extends RecordTable>(table: T) =>
  sql`(select coalesce(jsonb_agg(to_jsonb(r) order by r.created_at, r.id), '[]'::jsonb) from ${table} r where r.tenant_id = ${sql.placeholder('tenant')} and r.application_id = ${sql.placeholder('id')})`.mapWith(
    decodeRecords(table),
  );

/**
 * SQL: the application's history, newest first: its events (application_events) with each actor's
 * name and designation, and the record versions a person should see (issue 32: changes of two
 * phones merged, a conflict, its resolution) as RECORD_<kind> with the record's key in `detail`.
 */
const historyOf = sql`(select coalesce(jsonb_agg(h.entry order by h.at desc, h.ord desc), '[]'::jsonb) from (
    select e.at, e.id as ord, jsonb_build_object('at', e.at, 'actor_name', nullif(trim(u.first_name || ' ' || u.last_name), ''), 'actor_designation', coalesce(e.actor_designation, u.mfi_employee), 'action', e.action, 'from', e.from_status, 'to', e.to_status, 'remarks', e.remarks, 'detail', e.detail - 'sections') as entry
      from application_events e left join users u on u.tenant_id = e.tenant_id and u.id = e.actor_id
      where e.tenant_id = ${sql.placeholder('tenant')} and e.application_id = ${sql.placeholder('id')}
    union all
    select v.at, v.version as ord, jsonb_build_object('at', v.at, 'actor_name', nullif(trim(u.first_name || ' ' || u.last_name), ''), 'actor_designation', u.mfi_employee, 'action', 'RECORD_' || v.kind, 'from', null, 'to', null, 'remarks', null, 'detail', jsonb_build_object('record', v.record_key) || coalesce(v.detail, '{}'::jsonb)) as entry
      from record_versions v left join users u on u.tenant_id = v.tenant_id and u.id = v.actor_id
      where v.tenant_id = ${sql.placeholder('tenant')} and v.application_id = ${sql.placeholder('id')} and v.kind in ('MERGED', 'CONFLICT', 'RESOLVED')
  ) h)`.mapWith(decodeHistory);

const byId = and(eq(applications.tenant_id, sql.placeholder('tenant')), eq(applications.id, sql.placeholder('id')));
const records = { coRows: recordsOf(coApplicants), familyRows: recordsOf(familyMembers), history: historyOf };

/** The co-applicants and family members of an application, in one query. */
const recordsStatement = (db: Db) =>
  preparedOnce(db, 'application_records', () => db.select(records).from(applications).where(byId).prepare('application_records'));

/** An application with its co-applicants and family members, in one query. */
const withRecordsStatement = (db: Db) =>
  preparedOnce(db, 'application_with_records', () =>
    db
      .select({ application: applications, ...records })
      .from(applications)
      .where(byId)
      .prepare('application_with_records'),
  );

/**
 * SQL of hand-written statements (placeholders tenant and id): the application's records as the
 * columns co_rows, family_rows and history, read by viewOfRawRow. A write can answer its view in
 * the same statement with them.
 */
export const recordsColumns = sql`${records.coRows} as co_rows, ${records.familyRows} as family_rows, ${records.history} as history`;

/** The view of an application's driver row that also has recordsColumns. */
export function viewOfRawRow(raw: RawRow): ApplicationView {
  return shapeApplicationView(
    decodeRow(applications, raw),
    decodeRecords(coApplicants)(raw.co_rows as RawRow[]),
    decodeRecords(familyMembers)(raw.family_rows as RawRow[]),
    decodeHistory(raw.history as (WorkflowHistoryEntry & { at: string })[]),
  );
}

/** Shapes the view of a row (as written or read), with its co-applicants and family members read now. */
export async function applicationView(db: Db, tenant: Tenant, row: ApplicationRow): Promise<ApplicationView> {
  const [found] = await recordsStatement(db).execute({ tenant, id: row.id });
  return shapeApplicationView(row, found?.coRows ?? [], found?.familyRows ?? [], found?.history ?? []);
}

/** Reads the application again (after a write) and shapes its view. */
export async function applicationViewById(db: Db, tenant: Tenant, id: string): Promise<ApplicationView> {
  const [found] = await withRecordsStatement(db).execute({ tenant, id });
  if (!found) throw new Error(`application ${id} vanished`);
  return shapeApplicationView(found.application, found.coRows, found.familyRows, found.history);
}

/** The complete-application lookup's answer (spec 02 §7 "Application by phone"). */
export function incompleteApplicationView(row: ApplicationRow): IncompleteApplicationView {
  const d = row.data;
  return {
    tracker_id: row.tracker_id,
    id: row.id,
    stage: row.stage,
    loan_type: str(d.loan_type),
    phone: row.phone ?? str(d.phone),
    name: str(d.name),
    gender: str(d.gender),
    status: row.status,
  };
}
