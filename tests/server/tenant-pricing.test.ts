import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenants } from '../../src/server/db/schema';
import { get } from './helpers/http';
import { useTestApp } from './helpers/test-app';

// DECISIONS.md "Loan offer": a tenant's pricing whose upfront charges reach the amount is refused
// when the configuration loads (issue 22). The server does not start; the error names the tenant
// and the problem. Each test's database is seeded afresh, so the bad row goes with it.

const ctx = useTestApp();

describe("a tenant's pricing is checked at start", () => {
  it('upfront charges that would leave net disbursed ≤ 0 stop the start, naming the tenant', async () => {
    // acfl: fee 50% + 50% GST on it (25%) + insurance 25% = 100% of the amount: nothing is disbursed.
    await ctx.db
      .update(tenants)
      .set({ pricing: sql`${tenants.pricing} || '{"processing_fee_rate":0.5,"gst_on_fee_rate":0.5,"insurance_rate":0.25}'::jsonb` })
      .where(eq(tenants.key, 'acfl'));
    await expect(ctx.rebuild()).rejects.toThrow(
      /Tenant loan pricing refused[\s\S]*acfl: upfront charges of 75000\.00 on a MFI_BUSINESS_LOAN of 75000 leave nothing to disburse/,
    );
  });

  it('a rate out of bounds and a grievance officer without an e-mail stop it too', async () => {
    await ctx.db
      .update(tenants)
      .set({
        pricing: sql`jsonb_set(${tenants.pricing}, '{interest_rate_pa,MFI_BUSINESS_LOAN}', '240'::jsonb)`,
        disclosures: sql`jsonb_set(${tenants.disclosures}, '{grievance_officer,email}', '""'::jsonb)`,
      })
      .where(eq(tenants.key, 'catfin'));
    const refused = ctx.rebuild();
    await expect(refused).rejects.toThrow(/catfin: interest_rate_pa\.MFI_BUSINESS_LOAN must be a % a year between 1 and 60/);
    await expect(refused).rejects.toThrow(/catfin: grievance_officer needs the officer's name, phone and e-mail/);
  });

  it('a holiday that is not a day (YYYY-MM-DD) stops it too: the working days of a statement would miss it', async () => {
    await ctx.db
      .update(tenants)
      .set({ holidays: ['2026-03-23', '23-03-2026'] })
      .where(eq(tenants.key, 'catfin'));
    await expect(ctx.rebuild()).rejects.toThrow(/catfin: holidays: "23-03-2026" is not a day \(YYYY-MM-DD\)/);
  });

  it('just below the amount is accepted: fee 50% + 25% GST + 24.99% insurance; the tenant config serves the disclosures', async () => {
    await ctx.db
      .update(tenants)
      .set({ pricing: sql`${tenants.pricing} || '{"processing_fee_rate":0.5,"gst_on_fee_rate":0.5,"insurance_rate":0.2499}'::jsonb` })
      .where(eq(tenants.key, 'acfl'));
    const app = await ctx.rebuild();
    const res = await get(app, '/api/public/tenant/hostname/acfl.localhost/config');
    expect(res.status).toBe(200);
    expect(res.body.data.loan_pricing).toMatchObject({ processing_fee_rate: 0.5, insurance_rate: 0.2499 });
    expect(res.body.data.loan_disclosures).toEqual({
      contingent_charges: { penal_charge_per_instalment: 250, bounce_charge: 300, foreclosure_charge_rate: 0, gst_rate: 0.18 },
      insurer_name: 'Sahyog Sandbox General Insurance',
      grievance_officer: { name: 'Anita Desai', phone: '1800-000-0000', email: 'grievance@sahyog.example' },
      cooling_off_days: 3,
    });
  });
});
