import type { Designation, Profile } from '../../domain';

/** The designation that reviews partner registrations (issue brief; the spec does not say). */
export const PARTNER_REVIEWER: Designation = 'BRANCH_MANAGER';

export function canReviewPartners(profile: Pick<Profile, 'mfi_employee'>): boolean {
  return profile.mfi_employee === PARTNER_REVIEWER;
}
