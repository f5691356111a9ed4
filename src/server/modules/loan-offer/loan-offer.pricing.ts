import { eq } from 'drizzle-orm';
import {
  emiPaise,
  emiStartDate,
  formatIsoDate,
  fractionToBps,
  percentToBps,
  toRupees,
  upfrontCharges,
  type CalendarDate,
  type LoanDisclosures,
  type Tenant,
} from '../../../domain';
import type { Db } from '../../db/client';
import { tenants, type LoanPricingColumn } from '../../db/schema';

/** The tenant's loan pricing, Key Fact Statement disclosures and holidays (checked when the server starts). */
export type TenantPricing = { pricing: LoanPricingColumn; disclosures: LoanDisclosures; holidays: string[] };

/** A tenant's pricing changes rarely: each process keeps it for PRICING_TTL_MS (one query less per offer). */
const PRICING_TTL_MS = 30_000;
const pricingCache = new WeakMap<object, Map<string, { value: TenantPricing; until: number }>>();

export async function pricingOf(db: Db, tenant: Tenant): Promise<TenantPricing> {
  let byTenant = pricingCache.get(db);
  if (!byTenant) pricingCache.set(db, (byTenant = new Map()));
  const cached = byTenant.get(tenant);
  const now = Date.now();
  if (cached && cached.until > now) return cached.value;
  const [row] = await db
    .select({ pricing: tenants.pricing, disclosures: tenants.disclosures, holidays: tenants.holidays })
    .from(tenants)
    .where(eq(tenants.key, tenant))
    .limit(1);
  byTenant.set(tenant, { value: row!, until: now + PRICING_TTL_MS });
  return row!;
}

export const feeRatesOf = (p: LoanPricingColumn) => ({
  feeBps: fractionToBps(p.processing_fee_rate),
  gstBps: fractionToBps(p.gst_on_fee_rate),
  insuranceBps: fractionToBps(p.insurance_rate),
});

export type Terms = { amount: number; tenure: number; disbursed: CalendarDate };

/**
 * The priced fields of an offer for an amount (whole rupees), tenure and disbursement date. The
 * domain works in paise; the offer stores and serves rupees with 2 decimals (paise / 100).
 */
export function priced(rate: number, tenant: TenantPricing, terms: Terms) {
  const charges = upfrontCharges(terms.amount * 100, feeRatesOf(tenant.pricing));
  return {
    final_suggested_loan_amount: terms.amount,
    risk_category_and_loan_type_wise_max_tenure: terms.tenure,
    final_suggested_emi: toRupees(emiPaise(terms.amount * 100, percentToBps(rate), terms.tenure)),
    processing_fee: toRupees(charges.processingFee),
    gst_on_processing_fee: toRupees(charges.gstOnFee),
    total_processing_fee_amount: toRupees(charges.processingFee + charges.gstOnFee),
    insurance_fee: toRupees(charges.insurance),
    disbursement_date: formatIsoDate(terms.disbursed),
    emi_start_date: formatIsoDate(emiStartDate(terms.disbursed)),
    disclosures: tenant.disclosures,
  };
}
