import type { LoanPricing } from './profile';

/** DECISIONS.md loan offer defaults; each tenant's config may override them. */
export const DEFAULT_LOAN_PRICING = {
  interest_rate_pa: { MFI_BUSINESS_LOAN: 24, UNSECURED_BUSINESS_LOAN: 21 },
  processing_fee_rate: 0.02,
  gst_on_fee_rate: 0.18,
  insurance_rate: 0.01,
} as const satisfies LoanPricing;
