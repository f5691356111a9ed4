import { DEVICE_MANAGER, WEBHOOK_MANAGER, type Designation, type Profile } from '../../domain';

/** The designation that reviews partner registrations (issue brief; the spec does not say). */
export const PARTNER_REVIEWER: Designation = 'BRANCH_MANAGER';

export function canReviewPartners(profile: Pick<Profile, 'mfi_employee'>): boolean {
  return profile.mfi_employee === PARTNER_REVIEWER;
}

/** Marks an officer's device lost (issue 24 part 5): the designation the server's device routes admit. */
export function canManageDevices(profile: Pick<Profile, 'mfi_employee'>): boolean {
  return profile.mfi_employee === DEVICE_MANAGER;
}

/** Sees the loan events sent to the lender's loan-management system and redelivers one (issue 34 item 5). */
export function canManageWebhooks(profile: Pick<Profile, 'mfi_employee'>): boolean {
  return profile.mfi_employee === WEBHOOK_MANAGER;
}

/** The branch pipeline dashboard (issue 36): branch managers and branch credit managers, as the server's insights routes. */
export function canViewInsights(profile: Pick<Profile, 'mfi_employee' | 'role'>): boolean {
  return profile.role !== 'AGENT' && (profile.mfi_employee === 'BRANCH_MANAGER' || profile.mfi_employee === 'BRANCH_CREDIT_MANAGER');
}
