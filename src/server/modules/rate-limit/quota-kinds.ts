/** Calls that cost the lender money or reveal who someone is (issue 19: 1,500 PAN checks on one draft all answered). */
export const QUOTA_KINDS = ['pan', 'voter_id', 'bank_account', 'aadhaar_otp', 'bureau', 'bre', 'statement'] as const;
export type QuotaKind = (typeof QUOTA_KINDS)[number];
