import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications } from '../../src/server/db/schema';
import { BASE, otherOfficer, rowOf } from './applications-fixtures';
import { KAVITA, login } from './helpers/auth-flow';
import { get, post } from './helpers/http';
import { MINUTE, useTestApp } from './helpers/test-app';
import { applicationAt, move, pd1Ready, type World } from './review-fixtures';
import { statementBytes, upload } from './statement-fixtures';

// "Change account" (issue 21 D1): a verified bank account given up. Its check is cleared only for
// someone who may change the application, the saved account stops counting as verified (the
// BANK_ACCOUNT stage is taken back), and the change is in the history.

const ctx = useTestApp();
const w: World = {
  get app() {
    return ctx.app;
  },
  get db() {
    return ctx.db;
  },
  get clock() {
    return ctx.clock;
  },
};
const V = '/verification/v1';
const ACCOUNT = { account_number: '30098765432', ifsc_code: 'SBIN0001234' };
const KEY = 'SBIN0001234:30098765432';

const change = (id: string, token: string, body: unknown = ACCOUNT) => post(ctx.app, `${BASE}/${id}/bank-account/change`, body, { token });
const verify = (id: string, token: string, account = ACCOUNT.account_number) =>
  post(ctx.app, `${V}/perfios/kyc/verify-bank-acc-v3`, { account_number: account, ifsc: 'SBIN0001234', application_id: id }, { token });
const bankChecks = async (id: string) => ((await rowOf(ctx.db, id)).data.verifications as any)?.bank_account ?? {};
const historyOf = async (id: string, token: string) => (await get(ctx.app, `${BASE}/${id}`, { token })).body.data.history as any[];

async function submitBank(id: string, token: string, account = ACCOUNT.account_number) {
  const proof = await upload(ctx.app, token, id, statementBytes('lakshmi-devi-sbi.pdf'), 'BANK_PROOF');
  const res = await post(
    ctx.app,
    `${BASE}/${id}/bank-account`,
    {
      account_holder_name: 'Lakshmi Devi',
      account_number: account,
      confirm_account_number: account,
      account_type: 'SAVINGS',
      ifsc_code: 'SBIN0001234',
      bank_name: 'State Bank of India',
      bank_proof: proof,
    },
    { token },
  );
  expect(res.status, res.body.message).toBe(200);
}

/** A verified check written straight into the row (for a status the verify route no longer serves). */
async function writeVerifiedCheck(id: string) {
  const check = JSON.stringify({ status: 'VERIFIED', account_number: ACCOUNT.account_number, ifsc: 'SBIN0001234', name: 'LAKSHMI DEVI' });
  await ctx.db
    .update(applications)
    .set({ data: sql`jsonb_set(${applications.data}, '{verifications,bank_account}', jsonb_build_object(${KEY}::text, ${check}::jsonb))` })
    .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)));
}

describe('POST /:id/bank-account/change', () => {
  it('the officer gives up the submitted account: check cleared, saved account unverified, stage taken back, in the history; Complete PD1 waits', async () => {
    const { id, tokens } = await pd1Ready(w);
    expect((await verify(id, tokens.officer)).status).toBe(200);
    await submitBank(id, tokens.officer);
    ctx.clock.advance(MINUTE);

    const res = await change(id, tokens.officer);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.stage).not.toContain('BANK_ACCOUNT');
    expect(res.body.data.app_mfi_bank_account).toMatchObject({ account_number: ACCOUNT.account_number, is_verified: false });
    expect(await bankChecks(id)).not.toHaveProperty(KEY);
    // The other checks of the application are untouched.
    expect(Object.keys((await rowOf(ctx.db, id)).data.verifications as object)).toEqual(expect.arrayContaining(['pan', 'aadhaar']));

    const [latest] = await historyOf(id, tokens.officer);
    expect(latest).toMatchObject({
      action: 'BANK_ACCOUNT_CHANGED',
      actor_name: 'Ravi Kumar',
      actor_designation: 'RELATIONSHIP_OFFICER',
      from: 'DRAFT',
      to: 'DRAFT',
      at: new Date(ctx.clock.now()).toISOString(),
      detail: { account_last4: '5432', ifsc: 'SBIN0001234', was_saved: true },
    });
    expect(JSON.stringify(latest)).not.toContain(ACCOUNT.account_number);

    ctx.clock.advance(MINUTE);
    const blocked = await move(w, id, tokens.bm, 'PD1_COMPLETE');
    expect([blocked.status, blocked.body.message]).toEqual([409, expect.stringContaining('stage BANK_ACCOUNT')]);

    // A second change of the same account (a replay with a new key) changes nothing and records nothing.
    const again = await change(id, tokens.officer);
    expect(again.status).toBe(200);
    expect((await historyOf(id, tokens.officer)).filter((h) => h.action === 'BANK_ACCOUNT_CHANGED')).toHaveLength(1);

    // The corrected account verifies and is submitted: PD1 can complete again.
    await submitBank(id, tokens.officer, '30098765433');
    ctx.clock.advance(MINUTE);
    expect((await move(w, id, tokens.bm, 'PD1_COMPLETE')).status).toBe(200);
  });

  it('a verified account never submitted: only its check is cleared, and the history says so', async () => {
    const { id, tokens } = await pd1Ready(w);
    expect((await verify(id, tokens.officer)).status).toBe(200);
    const res = await change(id, tokens.officer, { account_number: ' 30098765432', ifsc_code: 'sbin0001234' });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.stage).toContain('BANK_ACCOUNT'); // pd1Ready's stages: no saved account was given up
    expect(await bankChecks(id)).toEqual({});
    expect((await historyOf(id, tokens.officer))[0]).toMatchObject({ action: 'BANK_ACCOUNT_CHANGED', detail: { was_saved: false } });
  });

  it('clears only for an actor allowed to change the application; others leave the check and the history as they were', async () => {
    const { id, tokens } = await applicationAt(w, 'PD1_COMPLETE');
    expect((await verify(id, tokens.bcm)).status).toBe(200);
    const before = (await historyOf(id, tokens.bm)).length;

    // Another officer: 404 (its existence is not revealed); an agent: 403; the officer after PD1: 409.
    expect((await change(id, await otherOfficer(ctx.app, ctx.db))).status).toBe(404);
    expect((await change(id, await login(ctx.app, KAVITA))).status).toBe(403);
    const officer = await change(id, tokens.officer);
    expect(officer.status).toBe(409);
    expect(await bankChecks(id)).toHaveProperty(KEY);
    expect(await historyOf(id, tokens.bm)).toHaveLength(before);

    // A malformed body is 400 with the reason, after the access check.
    const malformed = await change(id, tokens.bcm, { account_number: '12', ifsc_code: 'SBIN0001234' });
    expect([malformed.status, malformed.body.message]).toEqual([400, 'Invalid account number']);
    expect((await change(id, tokens.bcm, [])).status).toBe(400);

    // The branch credit manager may change it while the application is under review.
    const bcm = await change(id, tokens.bcm);
    expect(bcm.status, bcm.body.message).toBe(200);
    expect(await bankChecks(id)).not.toHaveProperty(KEY);
    expect((await historyOf(id, tokens.bm))[0]).toMatchObject({
      action: 'BANK_ACCOUNT_CHANGED',
      actor_designation: 'BRANCH_CREDIT_MANAGER',
    });
  });

  it('an APPROVED application is final: even a reviewer cannot clear its verified account', async () => {
    const { id, tokens } = await applicationAt(w, 'APPROVED');
    await writeVerifiedCheck(id);
    for (const token of [tokens.bcm, tokens.bm]) expect((await change(id, token)).status).toBe(409);
    expect((await bankChecks(id))[KEY]).toMatchObject({ status: 'VERIFIED' });
  });
});
