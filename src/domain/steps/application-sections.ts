/**
 * The officer's sections of an application, as the history names the ones a resubmission
 * changed (issue 21 D4). The application's stored data is split by its top-level keys; the
 * reviewers' own keys (field verification, references, the offer, deviation decisions, remarks)
 * belong to no section: a reviewer's write is not the officer's change.
 */
export const APPLICATION_SECTIONS = ['borrower', 'kyc', 'co_applicants', 'family', 'business', 'employment', 'bank'] as const;
export type ApplicationSection = (typeof APPLICATION_SECTIONS)[number];

const SECTION_OF_KEY: Readonly<Record<string, ApplicationSection | null>> = {
  kyc: 'kyc',
  approval_checks: 'kyc',
  bureau_deviation_exists: 'kyc',
  rejection_reason: 'kyc',
  app_mfi_business_details: 'business',
  app_mfi_employment_info: 'employment',
  job_type: 'employment',
  app_mfi_bank_account: 'bank',
  app_mfi_cpv_info: null,
  reference_list: null,
  reference_updated_by: null,
  loan_offer: null,
  deviations: null,
  remarks: null,
};

/** The section a top-level key of the application's data belongs to (null: a reviewer's); any other key is the borrower's. */
export const sectionOfDataKey = (key: string): ApplicationSection | null =>
  Object.hasOwn(SECTION_OF_KEY, key) ? SECTION_OF_KEY[key]! : 'borrower';

export const isApplicationSection = (value: unknown): value is ApplicationSection =>
  (APPLICATION_SECTIONS as readonly unknown[]).includes(value);
