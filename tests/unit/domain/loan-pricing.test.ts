import { describe, expect, it } from 'vitest';
import { DEFAULT_LOAN_DISCLOSURES, DEFAULT_LOAN_PRICING, loanPricingProblems } from '../../../src/domain/offer/loan-pricing';
import type { LoanDisclosures, LoanPricing } from '../../../src/domain/identity/profile';

const pricing = (over: Partial<LoanPricing> = {}): LoanPricing => ({
  ...DEFAULT_LOAN_PRICING,
  interest_rate_pa: { ...DEFAULT_LOAN_PRICING.interest_rate_pa },
  ...over,
});
const disclosures = (over: Partial<LoanDisclosures> = {}): LoanDisclosures => ({ ...structuredClone(DEFAULT_LOAN_DISCLOSURES), ...over });

describe("a tenant's pricing, checked when the configuration loads", () => {
  it('the defaults pass', () => expect(loanPricingProblems(pricing(), disclosures())).toEqual([]));

  it('upfront charges that reach the amount: 40% fee + 40% GST on it + 45% insurance = 101% of every amount', () => {
    const problems = loanPricingProblems(pricing({ processing_fee_rate: 0.4, gst_on_fee_rate: 0.4, insurance_rate: 0.45 }), disclosures());
    // 75,000 × 0.40 = 30,000; GST 12,000; insurance 33,750: 75,750 ≥ 75,000
    expect(problems[0]).toBe(
      'upfront charges of 75750.00 on a MFI_BUSINESS_LOAN of 75000 leave nothing to disburse: they must stay below the amount',
    );
    expect(problems).toHaveLength(4); // both amounts of both loan types
    // 40% + 16% + 43% = 99%: something is left
    expect(loanPricingProblems(pricing({ processing_fee_rate: 0.4, gst_on_fee_rate: 0.4, insurance_rate: 0.43 }), disclosures())).toEqual(
      [],
    );
  });

  it.each([
    [{ interest_rate_pa: { MFI_BUSINESS_LOAN: 0.24, UNSECURED_BUSINESS_LOAN: 21 } }, /interest_rate_pa.MFI_BUSINESS_LOAN .* got 0.24/],
    [{ interest_rate_pa: { MFI_BUSINESS_LOAN: 24 } }, /interest_rate_pa.UNSECURED_BUSINESS_LOAN .* got undefined/],
    [{ interest_rate_pa: { MFI_BUSINESS_LOAN: 24.125, UNSECURED_BUSINESS_LOAN: 21 } }, /at most 2 decimals/],
    [{ processing_fee_rate: 2 }, /processing_fee_rate must be a fraction between 0 and 0.5/],
    [{ insurance_rate: -0.01 }, /insurance_rate/],
    [{ gst_on_fee_rate: 18 }, /gst_on_fee_rate/],
  ])('refuses %j', (over, message) =>
    expect(loanPricingProblems(pricing(over as Partial<LoanPricing>), disclosures()).join('\n')).toMatch(message),
  );

  it.each([
    [{ cooling_off_days: 1 }, /cooling_off_days/],
    [{ cooling_off_days: 3.5 }, /cooling_off_days/],
    [{ insurer_name: ' ' }, /insurer_name is required/],
    [{ grievance_officer: { name: 'Anita Desai', phone: '1800-000-0000', email: 'nobody' } }, /grievance_officer/],
    [
      { contingent_charges: { penal_charge_per_instalment: -250, bounce_charge: 300, foreclosure_charge_rate: 0, gst_rate: 0.18 } },
      /penal_charge/,
    ],
    [
      { contingent_charges: { penal_charge_per_instalment: 250, bounce_charge: 300, foreclosure_charge_rate: 0.5, gst_rate: 0.18 } },
      /foreclosure/,
    ],
  ])('refuses the disclosures %j', (over, message) =>
    expect(loanPricingProblems(pricing(), disclosures(over)).join('\n')).toMatch(message),
  );
});
