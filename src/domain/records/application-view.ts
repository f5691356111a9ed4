import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import type { WorkflowHistoryEntry } from '../policy/review-workflow';
import { LANGUAGES } from '../messages/languages';
import type { KycForm } from '../steps/kyc.schema';
import type { LoanOffer } from '../offer/loan-offer.schema';

// What the server answers for an application (docs/application-api.md "Application view"), as
// the route table's answer schemas: the server's serializer checks each answer against them and
// the OpenAPI document shows them; the app and the server take their types from them. Every
// field of the application is named (a strict object: a field the server adds is named here
// first); the records kept as stored (a form's own fields, the offer) stay open objects.

export type ApprovalChecks = {
  decision: 'PASS' | 'REJECTED';
  reasons: string[];
  rejected: boolean;
  check_values: { overdue_amount: number };
};

/** Spec 02 §4: the deviation a borrower's name mismatch is continued with. */
export const BORROWER_NAME_DEVIATION = 'BORROWER_NAME_MISMATCH_DEVIATION';

export type DeviationStatus = 'PENDING' | 'APPROVED' | 'REJECTED';
export type Deviation = { type: string; info: unknown; status: DeviationStatus };

export type IdentityCheckView<K extends 'pan' | 'voter_id'> = ({ [key in K]: string } & { name: string | null; status: string }) | null;

export type ApplicationVerificationsView = {
  mobile: boolean;
  aadhaar: 'VERIFIED' | 'OTP_SENT' | null;
  pan: IdentityCheckView<'pan'>;
  voter_id: IdentityCheckView<'voter_id'>;
};

export type CoApplicantView = Record<string, unknown> & {
  id: string;
  application_id: string;
  type: string;
  status: 'ACTIVE' | 'REJECTED' | 'REPLACED' | string;
  approval_checks: ApprovalChecks | { decision: string; rejected?: boolean } | null;
  deviations: Deviation[];
  replaces_id: string | null;
  created_at: string;
};

/** A schema that checks what it names and keeps the rest, typed as the domain's type of the record. */
const typedAs = <T>(schema: $ZodType) => schema as unknown as z.ZodMiniType<T>;

const nullableString = z.nullable(z.string());
const nullableNumber = z.nullable(z.number());
const stringList = z.array(z.string());
/** A record kept as stored (a form's own fields): open. */
const storedRecord = z.nullable(z.looseObject({}));

const deviationSchema = typedAs<Deviation>(z.looseObject({ type: z.string(), status: z.string() }));

/** CoApplicantView: the form's fields and the record's. */
export const coApplicantViewSchema = typedAs<CoApplicantView>(
  z.looseObject({
    id: z.string(),
    application_id: z.string(),
    type: z.string(),
    status: z.string(),
    deviations: z.array(deviationSchema),
    replaces_id: nullableString,
    created_at: z.string(),
  }),
);

/** FamilyMemberView: the form's fields and the record's. */
export const familyMemberViewSchema = z.looseObject({ id: z.string(), application_id: z.string(), created_at: z.string() });
export type FamilyMemberView = z.output<typeof familyMemberViewSchema>;

/** A family member as a write answers it. */
export const familySubmitAnswerSchema = z.extend(familyMemberViewSchema, { approval_checks: z.object({ decision: z.literal('PASS') }) });

const identityCheck = <K extends 'pan' | 'voter_id'>(kind: K) =>
  typedAs<IdentityCheckView<K>>(z.nullable(z.object({ [kind]: z.string(), name: nullableString, status: z.string() })));

const historyEntrySchema = typedAs<WorkflowHistoryEntry>(
  z.object({
    at: z.string(),
    actor_name: nullableString,
    actor_designation: nullableString,
    action: z.string(),
    from: nullableString,
    to: nullableString,
    remarks: nullableString,
    detail: z.optional(storedRecord),
  }),
);

/** ApplicationView: GET /:id and every write that answers the application. */
export const applicationViewSchema = z.strictObject({
  id: z.string(),
  tracker_id: nullableString,
  status: z.string(),
  stage: stringList,
  created_at: z.string(),
  updated_at: z.string(),
  /** When the officer resubmitted after the send-back into PD1_REVIEW (null: not since the last move). */
  resubmitted_at: nullableString,
  /** The borrower's language (issue 37): the KFS, the SMS and the documents are in it by default; null: not recorded. */
  borrower_language: z.nullable(z.enum(LANGUAGES)),
  phone: nullableString,
  is_phone_verified: z.boolean(),
  /** Masked, `XXXX XXXX 1234`: the full number never leaves the server. */
  aadhaar: nullableString,
  title: nullableString,
  name: nullableString,
  alternate_phone: nullableString,
  email: nullableString,
  gender: nullableString,
  marital_status: nullableString,
  dob: nullableString,
  age: nullableNumber,
  pan: nullableString,
  voter_id: nullableString,
  pincode: nullableString,
  city: nullableString,
  district: nullableString,
  state: nullableString,
  address: nullableString,
  landmark: nullableString,
  address_ownership_type: nullableString,
  address_owned_by: nullableString,
  years_of_residence: nullableNumber,
  house_type: nullableString,
  loan_type: nullableString,
  amount_requested: nullableNumber,
  tenure_requested: nullableNumber,
  emi_requested: nullableNumber,
  purpose: nullableString,
  terms_accepted: z.boolean(),
  kyc: typedAs<KycForm | null>(storedRecord),
  verifications: z.object({
    mobile: z.boolean(),
    aadhaar: z.nullable(z.enum(['VERIFIED', 'OTP_SENT'])),
    pan: identityCheck('pan'),
    voter_id: identityCheck('voter_id'),
  }),
  approval_checks: typedAs<ApprovalChecks | null>(storedRecord),
  bureau_deviation_exists: z.boolean(),
  rejection_reason: nullableString,
  deviations: z.array(deviationSchema),
  remarks: nullableString,
  co_applicants: z.array(coApplicantViewSchema),
  family_members: z.array(familyMemberViewSchema),
  /** SELF_EMPLOYED once business details are saved, SALARIED once employment is (spec 02 §3 job_type). */
  job_type: nullableString,
  /** The business step's record as stored (business-details.schema.ts fields, statements as lists, bank codes). */
  app_mfi_business_details: storedRecord,
  /** The employment step's record (employment-info.schema.ts fields). */
  app_mfi_employment_info: storedRecord,
  /** The bank step's record (bank-account.schema.ts fields without the confirmation, plus verified_name). */
  app_mfi_bank_account: storedRecord,
  /** Every status move, resubmission and deviation decision, newest first (issue 13). */
  history: z.array(historyEntrySchema),
  /** Field verification (cpv.schema.ts fields, blanks null) with the server's `geo_checks` per photo and `geo_pincode`. */
  app_mfi_cpv_info: z.object({ business_place: storedRecord, residence: storedRecord }),
  /** The references (reference.schema.ts), 1-3 once saved. */
  reference_list: z.array(z.looseObject({})),
  /** The loan offer as stored (loan-offer.schema.ts LoanOffer), once computed. */
  loan_offer: typedAs<LoanOffer | null>(storedRecord),
});

export type ApplicationView = z.output<typeof applicationViewSchema>;

/** IncompleteApplicationView: the complete-application lookup by the borrower's phone, every field. */
export const incompleteApplicationViewSchema = z.strictObject({
  id: z.string(),
  tracker_id: nullableString,
  stage: stringList,
  loan_type: nullableString,
  phone: nullableString,
  name: nullableString,
  gender: nullableString,
  status: z.string(),
});

export type IncompleteApplicationView = z.output<typeof incompleteApplicationViewSchema>;

/** A step's answer (server shared/step-record.ts): the business, employment and bank steps. */
export const stepAnswerSchema = z.object({
  id: z.string(),
  tracker_id: nullableString,
  status: z.string(),
  stage: stringList,
  remarks: nullableString,
  job_type: nullableString,
  deviations: z.array(deviationSchema),
  app_mfi_business_details: storedRecord,
  app_mfi_employment_info: storedRecord,
  app_mfi_bank_account: storedRecord,
});

/** FieldVerificationAnswer: CPV and references. */
export const fieldVerificationAnswerSchema = z.object({
  id: z.string(),
  tracker_id: nullableString,
  status: z.string(),
  stage: stringList,
  app_mfi_cpv_info: z.object({ business_place: storedRecord, residence: storedRecord }),
  reference_list: z.array(z.looseObject({})),
});
