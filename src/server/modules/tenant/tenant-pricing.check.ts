import { holidayProblems, loanPricingProblems } from '../../../domain';
import type { Db } from '../../db/client';
import { tenants } from '../../db/schema';

/**
 * Refuses to start with a tenant whose loan pricing or disclosures are wrong (DECISIONS.md "Loan
 * offer": upfront charges that reach the amount; rates and charges outside sane bounds): a clear
 * error naming the tenant and each problem, before any offer is priced with them.
 */
export async function checkTenantPricing(db: Db): Promise<void> {
  const rows = await db
    .select({ key: tenants.key, pricing: tenants.pricing, disclosures: tenants.disclosures, holidays: tenants.holidays })
    .from(tenants);
  const refused = rows.flatMap((row) =>
    [...loanPricingProblems(row.pricing, row.disclosures), ...holidayProblems(row.holidays)].map((problem) => `${row.key}: ${problem}`),
  );
  if (refused.length > 0) throw new Error(`Tenant loan pricing refused (fix the tenants table):\n- ${refused.join('\n- ')}`);
}
