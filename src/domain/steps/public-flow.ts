/**
 * The public applicant flow's steps (DECISIONS "Public applicant flow"), in the order the
 * borrower meets them, and where a staff step's way on leads a guest instead: the capture steps
 * are the staff screens, and after each one the guest goes on under /apply-loan. Family members
 * and the bank account are the officer's after the take-over, so their screens lead on to the
 * next public step.
 */
export const PUBLIC_STEPS = [
  'mobile',
  'kyc',
  'co-applicants',
  'co-applicant-details',
  'business',
  'employment',
  'reference-details',
  'success',
] as const;
export type PublicStep = (typeof PUBLIC_STEPS)[number];

const STAFF_TO_PUBLIC: Readonly<Record<string, PublicStep>> = {
  mobile: 'mobile',
  kyc: 'kyc',
  'co-applicants': 'co-applicants',
  'co-applicant-details': 'co-applicant-details',
  'family-details': 'business',
  'family-detail-form': 'business',
  business: 'business',
  employment: 'employment',
  'personal-discussion': 'reference-details',
  'bank-account-details': 'reference-details',
  references: 'reference-details',
  'reference-details': 'reference-details',
  rejection: 'success',
  success: 'success',
  'success/loan-offers': 'success',
};

/** The public step a staff path (`/application/<step>`) means for a guest, or null when the guest has none there. */
export function publicStepOf(staffPath: string): PublicStep | null {
  const match = /^\/application\/([a-z/-]+)$/.exec(staffPath);
  return (match && STAFF_TO_PUBLIC[match[1]!]) ?? null;
}

/** 1-based position of a step in the flow, for "Step n of N" (employment shares business's place). */
export function publicStepNumber(step: PublicStep): { n: number; of: number } {
  const shown: PublicStep[] = ['mobile', 'kyc', 'co-applicants', 'business', 'reference-details', 'success'];
  const at = step === 'co-applicant-details' ? 'co-applicants' : step === 'employment' ? 'business' : step;
  return { n: shown.indexOf(at) + 1, of: shown.length };
}
