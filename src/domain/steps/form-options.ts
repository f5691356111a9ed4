/**
 * The values of the forms' choices (spec 01 §3, DECISIONS.md), apart from enums.ts so that they load
 * with the forms, not with the /login shell.
 */
import type { LoanType } from '../policy/enums';

export const LOAN_TYPE_LABELS: Record<LoanType, string> = {
  MFI_BUSINESS_LOAN: 'MFI Business Loan',
  UNSECURED_BUSINESS_LOAN: 'Unsecured Business Loan',
};

export const SALUTATIONS = ['Mr.', 'Mrs.', 'Smt.', 'Ms.'] as const;
export const LOAN_PURPOSES = [
  'expansion of existing business',
  'renovation of business premises',
  'purchase of additional stock/raw material',
  'purchase of machinery/equipment, tools',
  'repay high-cost debt',
] as const;
export const CASTE_CATEGORIES = ['General', 'OBC', 'SC', 'ST', 'Others'] as const;
export const EDUCATION_LEVELS = ['Uneducated', '5th Pass', '10th Pass', '12th Pass', 'Graduation', 'Post Graduation', 'PhD'] as const;
export const ADDRESS_TYPES = ['Business', 'Residence', 'Both'] as const;
export const BANK_ACCOUNT_TYPES = ['SAVINGS', 'CURRENT', 'OVERDRAFT', 'CASHCREDIT', 'CURRENT ACCOUNT WITH OD'] as const;
export const BANK_ACCOUNT_TYPE_DISPLAY = ['Current', 'Overdraft', 'Savings', 'Cash Credit Account'] as const;
export const CO_APPLICANT_RELATIONS = ['Spouse', 'Father', 'Mother', 'Unmarried Son', 'Father-in-law', 'Mother-in-law'] as const;
export const APPLICANT_RELATIONS = [
  'Self',
  'Spouse',
  'Father',
  'Mother',
  'Father-in-law',
  'Mother-in-law',
  'Grand Parents',
  'Others',
] as const;
export const BUSINESS_CONSTITUTIONS = ['Sole Proprietorship', 'Private Limited Company', 'LLP', 'Partnership', 'Others'] as const;
export const VERIFICATION_TYPES = ['Business Place Verification', 'Residence Verification'] as const;
export const OWNERSHIP_TYPES = ['Self Owned', 'Rented', 'Family Owned', 'Leased', 'Others'] as const;
/** What an address ownership is sent as: the label upper-cased, spaces as underscores ('Family Owned' is FAMILY_OWNED). */
export const OWNERSHIP_CODES = ['SELF_OWNED', 'RENTED', 'FAMILY_OWNED', 'LEASED', 'OTHERS'] as const;
export type OwnershipCode = (typeof OWNERSHIP_CODES)[number];
/**
 * The guardian named in "Father's/Husband's/Guardian's Name" of the KYC and co-applicant forms
 * (ours: the spec lists no values).
 */
export const GUARDIAN_RELATIONS = ['Father', 'Husband', 'Guardian'] as const;
/** A family member's relationship to the guardian named beside it (ours; each at least 3 characters, spec 02 §5). */
export const FAMILY_GUARDIAN_RELATIONS = ['Father', 'Mother', 'Husband', 'Guardian'] as const;
/** A family member's relation to the borrower (issue 31 N5; ours, the spec lists none). */
export const FAMILY_RELATIONS_TO_BORROWER = [
  'Spouse',
  'Son',
  'Daughter',
  'Father',
  'Mother',
  'Brother',
  'Sister',
  'Father-in-law',
  'Mother-in-law',
  'Others',
] as const;
export const GENDERS = ['Male', 'Female', 'Others'] as const;
export const GENDER_CODES = ['MALE', 'FEMALE', 'OTHER'] as const;
export const MARITAL_STATUSES = ['Married', 'Unmarried', 'Divorced', 'Widowed'] as const;
export const HOUSE_TYPES = ['Pakka', 'Kaccha'] as const;
export const RELIGIONS = ['Hindu', 'Muslim', 'Sikh', 'Christian', 'Others'] as const;
export const BUSINESS_PROOF_DOCUMENTS = [
  'MSME registration certificate',
  'Shops & Establishment certificate',
  'current/savings account statement',
  'GST registration certificate',
  'any GST purchase invoice of the last 2 years',
  'FSSAI registration/licence',
  'Trade licence/Drug licence',
  'Others',
] as const;
export const PROPERTY_PROOF_DOCUMENTS = [
  'municipal property tax receipt (latest, not more than 12 months old)',
  'land revenue receipt',
  'registered sales/gift deed',
  'patta/khata khatouni/land allotment letter',
] as const;
export const UPLOAD_PURPOSES = ['KYC', 'JOIN_US', 'BUSINESS', 'EMPLOYMENT', 'APPLY_LOAN', 'APPLY_LOAN_MFI'] as const;
export const UPLOAD_TYPES = [
  'LOAN_APPLICANT_CO_APPLICANT',
  'LOAN_APPLICANT_EMPLOYMENT_INFO',
  'LOAN_APPLICANT_PERSONAL_INFO',
  'LOAN_APPLICANT_BUSINESS_INFO',
] as const;
export const BANK_STATEMENT_FILE_TYPES = ['BANK_STATEMENT', 'BANK_STATEMENT1', 'BANK_STATEMENT2'] as const;
