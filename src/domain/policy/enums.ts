/**
 * Shared enumerations of spec 01 §3, with the settled values of DECISIONS.md: the tenants, roles,
 * statuses and loan types the shell and the server need. The forms' choice lists and labels are in
 * form-options.ts: the shell's chunk (the /login bundle) holds this whole module.
 */

export const TENANTS = ['catfin', 'sahyog', 'capitalneed', 'acfl'] as const;
export type Tenant = (typeof TENANTS)[number];
export const DEFAULT_TENANT: Tenant = 'sahyog';

/** The tenant is the first DNS label when it names one; anything else is the default. */
export function tenantFromHostname(hostname: string | undefined | null): Tenant {
  const label = (hostname ?? '').trim().toLowerCase().replace(/:\d+$/, '').split('.')[0] ?? '';
  return (TENANTS as readonly string[]).includes(label) ? (label as Tenant) : DEFAULT_TENANT;
}

export const PROFILE_ROLES = ['MFI_EMPLOYEE', 'AGENT'] as const;
export type ProfileRole = (typeof PROFILE_ROLES)[number];

export const DESIGNATIONS = ['RELATIONSHIP_OFFICER', 'BRANCH_CREDIT_MANAGER', 'BRANCH_MANAGER'] as const;
export type Designation = (typeof DESIGNATIONS)[number];
/** The designation that creates applications (the spec's PD1 role). */
export const CREATOR_DESIGNATION: Designation = 'RELATIONSHIP_OFFICER';
/** The reviewer/editor designations of spec 02 §6 (DECISIONS.md): they open any application of the tenant. */
export const REVIEWER_DESIGNATIONS: readonly Designation[] = ['BRANCH_CREDIT_MANAGER', 'BRANCH_MANAGER'];
export const isReviewerDesignation = (designation: string | null | undefined): boolean =>
  (REVIEWER_DESIGNATIONS as readonly string[]).includes(designation ?? '');

/** Spec 01 §4: a non-AGENT whose designation is none of the allowed three is logged out. */
export function hasValidRole(profile: { role?: string | null; mfi_employee?: string | null }): boolean {
  if (profile.role === 'AGENT') return true;
  return (DESIGNATIONS as readonly string[]).includes(profile.mfi_employee ?? '');
}

export const APPLICATION_STATUSES = [
  'DRAFT',
  'PD1_COMPLETE',
  'PD1_REVIEW',
  'PD2_COMPLETE',
  'PD2_REVIEW',
  'APPROVED',
  'REJECTED',
  // After the sanction (issues 33 and 34): each moved by its own step, never by a status update.
  'AGREEMENT_SIGNED',
  'DISBURSAL_READY',
  'DISBURSED',
  'CANCELLED',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** APPROVED and what follows it: the accepted terms are fixed, the review is over. */
export const SANCTIONED_STATUSES: readonly ApplicationStatus[] = [
  'APPROVED',
  'AGREEMENT_SIGNED',
  'DISBURSAL_READY',
  'DISBURSED',
  'CANCELLED',
];
export const isSanctioned = (status: string | null | undefined): boolean =>
  (SANCTIONED_STATUSES as readonly string[]).includes(status ?? '');

export const LOAN_TYPES = ['MFI_BUSINESS_LOAN', 'UNSECURED_BUSINESS_LOAN'] as const;
export type LoanType = (typeof LOAN_TYPES)[number];

/** Spec 01 §9 loan limits. */
export const LOAN_LIMITS: Record<LoanType, { minAmount: number; maxAmount: number; tenures: readonly number[] }> = {
  MFI_BUSINESS_LOAN: { minAmount: 75000, maxAmount: 125000, tenures: [12, 18, 24] },
  UNSECURED_BUSINESS_LOAN: { minAmount: 100000, maxAmount: 500000, tenures: [12, 18, 24, 30, 36] },
};
