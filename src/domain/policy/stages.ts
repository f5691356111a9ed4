/** Spec 02 §4: the stages an application records as each step is completed. */
export const STAGES = [
  'BORROWER_INFO',
  'BORROWER_BASIC_INFO',
  'CO_BORROWER',
  'GUARANTOR',
  'FAMILY_MEMBER',
  'BUSINESS_INFO',
  'BANK_ACCOUNT',
  'CPV_BUSINESS_PLACE',
  'CPV_RESIDENCE',
  'REFERENCES',
] as const;
export type Stage = (typeof STAGES)[number];

/** The /application/<route> screens an application resumes at. */
export type ResumeRoute = 'mobile' | 'kyc' | 'co-applicants' | 'family-details' | 'bank-account-details' | 'cpv-info' | 'references';

export const NO_INCOMPLETE_APPLICATION = 'No Incomplete Application Found';
export const FILL_BUSINESS_CPV = 'Please fill Business CPV Info to proceed';

export type Resume =
  { route: ResumeRoute; message?: typeof FILL_BUSINESS_CPV } | { route: null; message: typeof NO_INCOMPLETE_APPLICATION };

/**
 * Spec 02 §4 "Resume": where the complete-application lookup sends an application, from the set
 * of stages it has. The furthest step reached decides; a set no step sequence produces (or one
 * with REFERENCES, which is complete) is not an incomplete application.
 */
export function resumeOf(stages: readonly string[]): Resume {
  const has = new Set(stages);
  const cpvStages = (has.has('CPV_BUSINESS_PLACE') ? 1 : 0) + (has.has('CPV_RESIDENCE') ? 1 : 0);
  if (has.has('REFERENCES')) return { route: null, message: NO_INCOMPLETE_APPLICATION };
  if (cpvStages === 2) return { route: 'references' };
  if (cpvStages === 1) return { route: 'cpv-info', message: FILL_BUSINESS_CPV };
  if (has.has('BANK_ACCOUNT')) return { route: 'cpv-info' };
  if (has.has('BUSINESS_INFO')) return { route: 'bank-account-details' };
  if (has.has('FAMILY_MEMBER')) return { route: 'family-details' };
  if (has.has('BORROWER_INFO') && has.has('BORROWER_BASIC_INFO')) return { route: 'co-applicants' };
  if (has.has('BORROWER_INFO') && has.size === 1) return { route: 'kyc' };
  if (has.size === 0) return { route: 'mobile' };
  return { route: null, message: NO_INCOMPLETE_APPLICATION };
}
