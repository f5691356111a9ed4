import type { WorkflowHistoryEntry } from './review-workflow';
import type { Language } from './languages';
import type { ApplicationStatus } from './enums';
import type { KycForm } from './kyc.schema';
import type { LoanOffer } from './loan-offer.schema';

/** What the server answers for an application (docs/application-api.md "Application view"). */

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

export type FamilyMemberView = Record<string, unknown> & { id: string; application_id: string; created_at: string };

export type ApplicationView = {
  id: string;
  tracker_id: string | null;
  status: ApplicationStatus | string;
  stage: string[];
  created_at: string;
  updated_at: string;
  /** When the officer resubmitted after the send-back into PD1_REVIEW (null: not since the last move). */
  resubmitted_at: string | null;
  /** The borrower's language (issue 37): the KFS, the SMS and the documents are in it by default; null: not recorded. */
  borrower_language: Language | null;
  phone: string | null;
  is_phone_verified: boolean;
  /** Masked, `XXXX XXXX 1234`: the full number never leaves the server. */
  aadhaar: string | null;
  title: string | null;
  name: string | null;
  alternate_phone: string | null;
  email: string | null;
  gender: string | null;
  marital_status: string | null;
  dob: string | null;
  age: number | null;
  pan: string | null;
  voter_id: string | null;
  pincode: string | null;
  city: string | null;
  district: string | null;
  state: string | null;
  address: string | null;
  landmark: string | null;
  address_ownership_type: string | null;
  address_owned_by: string | null;
  years_of_residence: number | null;
  house_type: string | null;
  loan_type: string | null;
  amount_requested: number | null;
  tenure_requested: number | null;
  emi_requested: number | null;
  purpose: string | null;
  terms_accepted: boolean;
  kyc: KycForm | null;
  verifications: ApplicationVerificationsView;
  approval_checks: ApprovalChecks | null;
  bureau_deviation_exists: boolean;
  rejection_reason: string | null;
  deviations: Deviation[];
  remarks: string | null;
  co_applicants: CoApplicantView[];
  family_members: FamilyMemberView[];
  /** SELF_EMPLOYED once business details are saved, SALARIED once employment is (spec 02 §3 job_type). */
  job_type: string | null;
  /** The business step's record as stored (business-details.schema.ts fields, statements as lists, bank codes). */
  app_mfi_business_details: Record<string, unknown> | null;
  /** The employment step's record (employment-info.schema.ts fields). */
  app_mfi_employment_info: Record<string, unknown> | null;
  /** The bank step's record (bank-account.schema.ts fields without the confirmation, plus verified_name). */
  app_mfi_bank_account: Record<string, unknown> | null;
  /** Every status move, resubmission and deviation decision, newest first (issue 13). */
  history: WorkflowHistoryEntry[];
  /** Field verification (cpv.schema.ts fields, blanks null) with the server's `geo_checks` per photo and `geo_pincode`. */
  app_mfi_cpv_info: { business_place: Record<string, unknown> | null; residence: Record<string, unknown> | null };
  /** The references (reference.schema.ts), 1-3 once saved. */
  reference_list: Record<string, unknown>[];
  /** The loan offer as stored (loan-offer.schema.ts LoanOffer), once computed. */
  loan_offer: LoanOffer | null;
};

/** The complete-application lookup by the borrower's phone. */
export type IncompleteApplicationView = Pick<
  ApplicationView,
  'tracker_id' | 'id' | 'stage' | 'loan_type' | 'phone' | 'name' | 'gender' | 'status'
>;
