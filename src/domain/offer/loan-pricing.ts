import { LOAN_LIMITS, LOAN_TYPES } from '../policy/enums';
import { fractionToBps, upfrontCharges } from './loan-maths';
import type { LoanDisclosures, LoanPricing } from '../identity/profile';

/** DECISIONS.md loan offer defaults; each tenant's config may override them. */
export const DEFAULT_LOAN_PRICING = {
  interest_rate_pa: { MFI_BUSINESS_LOAN: 24, UNSECURED_BUSINESS_LOAN: 21 },
  processing_fee_rate: 0.02,
  gst_on_fee_rate: 0.18,
  insurance_rate: 0.01,
} as const satisfies LoanPricing;

/** DECISIONS.md "Key Fact Statement": the tenant defaults seeded for the statement's disclosures. */
export const DEFAULT_LOAN_DISCLOSURES = {
  contingent_charges: { penal_charge_per_instalment: 250, bounce_charge: 300, foreclosure_charge_rate: 0, gst_rate: 0.18 },
  insurer_name: 'Sahyog Sandbox General Insurance',
  grievance_officer: { name: 'Anita Desai', phone: '1800-000-0000', email: 'grievance@sahyog.example' },
  cooling_off_days: 3,
} as const satisfies LoanDisclosures;

/** Sane bounds of a tenant's figures: a typo (24 for 0.24, 2 for 0.02) fails the start, not a borrower. */
const BOUNDS = {
  interestPercent: [1, 60],
  feeFraction: [0, 0.5],
  gstFraction: [0, 0.5],
  insuranceFraction: [0, 0.5],
  chargeRupees: [0, 10000],
  foreclosureFraction: [0, 0.1],
  coolingOffDays: [3, 30],
} as const;

const within = (value: unknown, [min, max]: readonly [number, number]) =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
const present = (value: unknown) => typeof value === 'string' && value.trim().length > 0;
const range = ([min, max]: readonly [number, number]) => `between ${min} and ${max}`;

/**
 * What is wrong with a tenant's pricing and disclosures (empty when nothing): every loan type's
 * rate and every charge within BOUNDS, rates with at most 2 decimals (whole basis points), and
 * the upfront charges (fee, its GST, insurance) below the amount at every loan amount, so the
 * net disbursed amount is always above 0.
 */
export function loanPricingProblems(pricing: LoanPricing, disclosures: LoanDisclosures): string[] {
  const problems: string[] = [];
  for (const type of LOAN_TYPES) {
    const rate = pricing.interest_rate_pa?.[type];
    if (!within(rate, BOUNDS.interestPercent) || Math.abs(rate! * 100 - Math.round(rate! * 100)) > 1e-9)
      problems.push(`interest_rate_pa.${type} must be a % a year ${range(BOUNDS.interestPercent)} with at most 2 decimals, got ${rate}`);
  }
  const fractions = [
    ['processing_fee_rate', pricing.processing_fee_rate, BOUNDS.feeFraction],
    ['gst_on_fee_rate', pricing.gst_on_fee_rate, BOUNDS.gstFraction],
    ['insurance_rate', pricing.insurance_rate, BOUNDS.insuranceFraction],
  ] as const;
  for (const [name, value, bounds] of fractions)
    if (!within(value, bounds) || Math.abs(value * 10000 - Math.round(value * 10000)) > 1e-9)
      problems.push(`${name} must be a fraction ${range(bounds)} in whole basis points, got ${value}`);
  if (problems.length === 0) {
    const rates = {
      feeBps: fractionToBps(pricing.processing_fee_rate),
      gstBps: fractionToBps(pricing.gst_on_fee_rate),
      insuranceBps: fractionToBps(pricing.insurance_rate),
    };
    for (const type of LOAN_TYPES)
      for (const rupees of [LOAN_LIMITS[type].minAmount, LOAN_LIMITS[type].maxAmount]) {
        const charges = upfrontCharges(rupees * 100, rates);
        if (charges.total >= rupees * 100)
          problems.push(
            `upfront charges of ${(charges.total / 100).toFixed(2)} on a ${type} of ${rupees} leave nothing to disburse: they must stay below the amount`,
          );
      }
  }
  const charges = disclosures?.contingent_charges;
  if (!within(charges?.penal_charge_per_instalment, BOUNDS.chargeRupees))
    problems.push(`contingent_charges.penal_charge_per_instalment must be rupees ${range(BOUNDS.chargeRupees)}`);
  if (!within(charges?.bounce_charge, BOUNDS.chargeRupees))
    problems.push(`contingent_charges.bounce_charge must be rupees ${range(BOUNDS.chargeRupees)}`);
  if (!within(charges?.foreclosure_charge_rate, BOUNDS.foreclosureFraction))
    problems.push(`contingent_charges.foreclosure_charge_rate must be a fraction ${range(BOUNDS.foreclosureFraction)}`);
  if (!within(charges?.gst_rate, BOUNDS.gstFraction))
    problems.push(`contingent_charges.gst_rate must be a fraction ${range(BOUNDS.gstFraction)}`);
  if (!present(disclosures?.insurer_name)) problems.push('insurer_name is required');
  const officer = disclosures?.grievance_officer;
  if (!present(officer?.name) || !present(officer?.phone) || !/^[^\s@]+@[^\s@]+$/.test(officer?.email ?? ''))
    problems.push("grievance_officer needs the officer's name, phone and e-mail");
  if (!within(disclosures?.cooling_off_days, BOUNDS.coolingOffDays) || !Number.isInteger(disclosures.cooling_off_days))
    problems.push(`cooling_off_days must be whole days ${range(BOUNDS.coolingOffDays)}`);
  return problems;
}
