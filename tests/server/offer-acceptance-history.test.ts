import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications } from '../../src/server/db/schema';
import { BASE } from './applications-fixtures';
import { login, MEENA, RAVI } from './helpers/auth-flow';
import { call, get, post } from './helpers/http';
import { useTestApp } from './helpers/test-app';
import { acknowledgeStatement } from './helpers/kfs';
import { createApplication } from './helpers/validation';

// Issue 21 D13: accepting the loan offer cannot be undone, so it is in the application's history
// (who, when, the accepted terms, the acknowledged statement); an edit that does not accept, or a
// refused acceptance, is not. Issue 22: the borrower acknowledges the statement first.

const ctx = useTestApp();
const BRE = '/api/v1/bureau/bre';

/** LAKSHMI DEVI's application with the field verification's figures (tests/server/loan-offer.test.ts), its offer computed, PD2 complete. */
async function offerInPd2() {
  const id = await createApplication(ctx.app, await login(ctx.app, RAVI));
  const data = {
    name: 'LAKSHMI DEVI',
    pan: 'BDVPD4821K',
    loan_type: 'MFI_BUSINESS_LOAN',
    amount_requested: 100000,
    tenure_requested: 24,
    app_mfi_cpv_info: {
      business_place: { verification_type: 'BUSINESS_PLACE_VERIFICATION', monthly_sales: 150000, gross_margin_percentage: 20, rent: 3000 },
      residence: { verification_type: 'RESIDENCE_VERIFICATION', house_rent: 2000, food_expenses: 4000 },
    },
  };
  const where = and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id));
  await ctx.db
    .update(applications)
    .set({ status: 'PD1_COMPLETE', data: sql`${applications.data} || ${JSON.stringify(data)}::jsonb` })
    .where(where);
  const bcm = await login(ctx.app, MEENA);
  const computed = await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bcm });
  expect(computed.status, computed.body.message).toBe(200);
  await ctx.db.update(applications).set({ status: 'PD2_COMPLETE' }).where(where);
  return { id, bcm };
}

const edit = (id: string, is_accepted: boolean) => ({
  application_id: id,
  updated_info: { final_suggested_loan_amount: 90000, risk_category_and_loan_type_wise_max_tenure: 18, disbursement_date: '2026-01-21' },
  is_accepted,
});
const offerEvents = async (id: string, token: string) =>
  ((await get(ctx.app, `${BASE}/${id}`, { token })).body.data.history as { action: string }[]).filter((h) => h.action === 'OFFER_ACCEPTED');

describe('the acceptance of the loan offer in the history', () => {
  it('an edit is not in the history; the acceptance is, once, with who, when and the accepted terms', async () => {
    const { id, bcm } = await offerInPd2();
    expect((await call(ctx.app, 'PATCH', BRE, edit(id, false), { token: bcm })).status).toBe(200);
    expect(await offerEvents(id, bcm)).toEqual([]);
    const ack = await acknowledgeStatement(ctx.app, bcm, id);

    const accepted = await call(ctx.app, 'PATCH', BRE, edit(id, true), { token: bcm });
    expect(accepted.status, accepted.body.message).toBe(200);
    const events = await offerEvents(id, bcm);
    expect(events).toEqual([
      expect.objectContaining({
        action: 'OFFER_ACCEPTED',
        actor_name: 'Meena Sharma',
        actor_designation: 'BRANCH_CREDIT_MANAGER',
        at: new Date(ctx.clock.now()).toISOString(),
        from: 'PD2_COMPLETE',
        to: 'PD2_COMPLETE',
        detail: {
          amount: 90000,
          tenure: 18,
          emi: 6003,
          disbursement_date: '2026-01-21',
          kfs_number: ack.kfs_number,
          acknowledged_at: ack.acknowledged_at,
        },
      }),
    ]);

    // Accepting again is refused (409) and leaves the history as it was.
    expect((await call(ctx.app, 'PATCH', BRE, edit(id, true), { token: bcm })).status).toBe(409);
    expect(await offerEvents(id, bcm)).toHaveLength(1);
  });

  it('two acceptances at the same moment: one wins, and only its acceptance is in the history', async () => {
    const { id, bcm } = await offerInPd2();
    expect((await call(ctx.app, 'PATCH', BRE, edit(id, false), { token: bcm })).status).toBe(200);
    await acknowledgeStatement(ctx.app, bcm, id);
    const answers = await Promise.all([
      call(ctx.app, 'PATCH', BRE, edit(id, true), { token: bcm }),
      call(ctx.app, 'PATCH', BRE, edit(id, true), { token: bcm }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await offerEvents(id, bcm)).toHaveLength(1);
  });
});
