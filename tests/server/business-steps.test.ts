import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../src/server/db/schema';
import { BASE, insertFile, LAKSHMI, officerWithApplication, otherOfficer, rowOf, SUNITA, withBorrowerStep } from './applications-fixtures';
import { ARJUN, KAVITA, login, MEENA, RAVI } from './helpers/auth-flow';
import { call, get, post } from './helpers/http';
import { useTestApp } from './helpers/test-app';
import { createApplication } from './helpers/validation';
import { statementBytes, upload } from './statement-fixtures';
import { minimalReplayBody } from '../../src/domain/records/replay-body';

// The business, employment and bank steps (docs/application-api.md "Business and bank"): who may
// call which variant, the stored records and stages, the deviation of a bank name mismatch, and
// replays.

const ctx = useTestApp();
// Statements are read in the document workers; they load pdf.js once for the file, as the server's do after listen.
beforeAll(() => ctx.documents.warm(), 120_000);
const V = '/verification/v1';

async function businessBody(applicationId: string, token: string, overrides: Record<string, unknown> = {}) {
  const statement = await upload(ctx.app, token, applicationId, statementBytes('lakshmi-devi-sbi.pdf'));
  const proof = await upload(ctx.app, token, applicationId, statementBytes('lakshmi-devi-sbi.pdf'), 'BUSINESS_PROOF');
  return {
    business_name: 'Lakshmi General Store',
    business_type: 'Sole Proprietorship',
    sector_of_business: 'Trading',
    category_of_business: 'Kirana and general store',
    business_pincode: '422001',
    business_district: 'Nashik',
    business_city: 'Nashik',
    business_state: 'Maharashtra',
    business_address: '14 Gandhi Nagar, Ward 3',
    business_address_ownership_type: 'SELF_OWNED',
    years_in_business: 6,
    bank_name: 'State Bank of India',
    statement_bank_id: 1,
    bank_statement: statement,
    bank_account_type: 'savings',
    gst_no: '27CRYPY5532L1ZK',
    business_proof_type: 'GST registration certificate',
    upload_business_proof: proof,
    ownership_proof_type: 'BUSINESS',
    business_ownership_proof: 'land revenue receipt',
    business_ownership_proof_file: proof,
    ...overrides,
  };
}

const bankBody = (proof: string, overrides: Record<string, unknown> = {}) => ({
  account_holder_name: 'Lakshmi Devi',
  account_number: '30012345678',
  confirm_account_number: '30012345678',
  account_type: 'savings ',
  ifsc_code: ' SBIN0001234 ',
  bank_name: 'State Bank of India',
  bank_proof: proof,
  ...overrides,
});

const employmentBody = (slip: string) => ({
  company_name: 'Nashik Textiles',
  designation: 'Supervisor',
  company_pincode: '422001',
  company_address_type: 'Business',
  salary_slip1: slip,
  salary_slip2: slip,
  salary_slip3: slip,
});

describe('lookups', () => {
  it('the bank list: at least 30 banks, each with a unique id, name and code; no token needed', async () => {
    const res = await get(ctx.app, '/api/v1/bank/list');
    expect(res.status).toBe(200);
    const banks = res.body.data as { id: number; name: string; code: string }[];
    expect(banks.length).toBeGreaterThanOrEqual(30);
    for (const key of ['id', 'name', 'code'] as const) expect(new Set(banks.map((b) => b[key])).size).toBe(banks.length);
    expect(banks[0]).toEqual({ id: 1, name: 'State Bank of India', code: 'SBIN' });
    expect(banks.every((b) => /^[A-Z]{4}$/.test(b.code))).toBe(true);
  });

  it('business categories: each sector with its categories', async () => {
    const res = await get(ctx.app, '/api/v1/mfi/business-category');
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { sector: string }) => s.sector)).toEqual([
      'Manufacturing',
      'Trading',
      'Services',
      'Agriculture and allied',
      'Others',
    ]);
    expect(res.body.data[1].businessCategory).toContain('Kirana and general store');
  });
});

describe('POST /:id/business-detail', () => {
  it('the officer saves the form: BUSINESS_INFO, SELF_EMPLOYED, statements as lists with the bank code, the GSTIN flag', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const body = await businessBody(id, token);
    const res = await post(ctx.app, `${BASE}/${id}/business-detail`, body, { token });
    expect(res.status, res.body.message).toBe(200);
    const { data } = res.body;
    expect(data.stage).toContain('BUSINESS_INFO');
    expect(data.job_type).toBe('SELF_EMPLOYED');
    expect(data.status).toBe('DRAFT');
    const record = data.app_mfi_business_details;
    expect(record).toMatchObject({
      bank_statement: [body.bank_statement],
      bank_code: 'SBIN',
      bank_account_type: 'SAVINGS',
      upload_business_proof: body.upload_business_proof,
    });
    // One name for the business proof (spec 02 §3): no second copy under the old one.
    expect(record).not.toHaveProperty('business_proof');
    // The GSTIN carries RAMESH YADAV's PAN, not LAKSHMI's: flagged, not refused.
    expect(record.gst_pan_mismatch).toBe(true);
    // The application view carries the record too.
    const view = await get(ctx.app, `${BASE}/${id}`, { token });
    expect(view.body.data.app_mfi_business_details.business_name).toBe('Lakshmi General Store');
    expect(view.body.data.job_type).toBe('SELF_EMPLOYED');
  });

  it('saved again, it replaces the record and keeps one stage entry', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const body = await businessBody(id, token);
    await post(ctx.app, `${BASE}/${id}/business-detail`, body, { token });
    const again = await post(ctx.app, `${BASE}/${id}/business-detail`, { ...body, years_in_business: 7 }, { token });
    expect(again.status).toBe(200);
    expect(again.body.data.stage.filter((s: string) => s === 'BUSINESS_INFO')).toHaveLength(1);
    expect(again.body.data.app_mfi_business_details.years_in_business).toBe(7);
  });

  it('an outbox entry queued before the one name (the proof under both names) saves as before, under upload_business_proof only', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const body = await businessBody(id, token);
    const res = await post(ctx.app, `${BASE}/${id}/business-detail`, { ...body, business_proof: body.upload_business_proof }, { token });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.app_mfi_business_details.upload_business_proof).toBe(body.upload_business_proof);
    expect(res.body.data.app_mfi_business_details).not.toHaveProperty('business_proof');
  });

  it('an Idempotency-Key replay answers the first response byte for byte and changes nothing', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const body = await businessBody(id, token);
    const headers = { 'idempotency-key': 'business-1' };
    const first = await call(ctx.app, 'POST', `${BASE}/${id}/business-detail`, body, { token, headers });
    const before = await rowOf(ctx.db, id);
    ctx.clock.advance(60_000);
    const replay = await call(ctx.app, 'POST', `${BASE}/${id}/business-detail`, body, { token, headers });
    expect(replay.raw.body).toBe(minimalReplayBody(first.raw.body));
    expect((await rowOf(ctx.db, id)).updated_at).toEqual(before.updated_at);
    const different = await call(ctx.app, 'POST', `${BASE}/${id}/business-detail`, { ...body, years_in_business: 9 }, { token, headers });
    expect(different.status).toBe(422);
  });

  it('refuses: no token 401, another tenant 404, another officer 404, a branch manager or an agent 403', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const body = await businessBody(id, token);
    expect((await post(ctx.app, `${BASE}/${id}/business-detail`, body)).status).toBe(401);
    const foreign = await login(ctx.app, RAVI, 'catfin');
    expect((await post(ctx.app, `${BASE}/${id}/business-detail`, body, { token: foreign, tenant: 'catfin' })).status).toBe(404);
    const other = await otherOfficer(ctx.app, ctx.db);
    const res = await post(ctx.app, `${BASE}/${id}/business-detail`, { business_name: '' }, { token: other });
    expect([res.status, res.body.message]).toEqual([404, 'Application not found']);
    const bm = await post(ctx.app, `${BASE}/${id}/business-detail`, body, { token: await login(ctx.app, ARJUN) });
    expect([bm.status, bm.body.message]).toEqual([403, 'You are not allowed to do this.']);
    expect((await post(ctx.app, `${BASE}/${id}/business-detail`, body, { token: await login(ctx.app, KAVITA) })).status).toBe(403);
    expect((await rowOf(ctx.db, id)).stage).not.toContain('BUSINESS_INFO');
  });

  it('a branch credit manager uses POST too; the branch manager uses PATCH, which the others may not', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const body = await businessBody(id, token);
    const bcm = await login(ctx.app, MEENA);
    const bm = await login(ctx.app, ARJUN);
    expect((await post(ctx.app, `${BASE}/${id}/business-detail`, body, { token: bcm })).status).toBe(200);
    expect((await call(ctx.app, 'PATCH', `${BASE}/${id}/business-detail`, body, { token: bm })).status).toBe(200);
    expect((await call(ctx.app, 'PATCH', `${BASE}/${id}/business-detail`, body, { token: bcm })).status).toBe(403);
    expect((await call(ctx.app, 'PATCH', `${BASE}/${id}/business-detail`, body, { token })).status).toBe(403);
  });

  it.each([
    [{ business_name: 'ab' }, 'Invalid business name'],
    [{ bank_statement: [] }, 'Missing bank statement'],
    [{ gst_no: '27CRYPY5532L1ZX' }, 'Invalid GST number'],
    [{ udyam_regd_no: 'UDYAM-MH-1-123' }, 'Invalid Udyam registration number'],
    [{ business_address_ownership_type: 'RENTED' }, 'Please upload rent agreement'],
    [{ statement_bank_id: 999 }, 'Bank code not found'],
    [{ bank_name2: 'Canara Bank', statement_bank_id2: 6, bank_statement2: ['x'] }, 'Add the second bank before the third'],
  ])('bad input %j: 400 %s', async (patch, message) => {
    const { token, id } = await officerWithApplication(ctx.app);
    const res = await post(ctx.app, `${BASE}/${id}/business-detail`, { ...(await businessBody(id, token)), ...patch }, { token });
    expect([res.status, res.body.message]).toEqual([400, message]);
  });

  it("files must be the tenant's application uploads, of this application or of none", async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const body = await businessBody(id, token);
    const unattached = await insertFile(ctx.db);
    expect((await post(ctx.app, `${BASE}/${id}/business-detail`, { ...body, bank_statement: [unattached] }, { token })).status).toBe(200);
    const joinUs = await insertFile(ctx.db, 'sahyog', 'JOIN_US');
    const foreignFile = await insertFile(ctx.db, 'catfin');
    const otherApp = await createApplication(ctx.app, token, '9876509999');
    const ofOther = await upload(ctx.app, token, otherApp, statementBytes('lakshmi-devi-sbi.pdf'));
    for (const file of [joinUs, foreignFile, ofOther, 'f'.repeat(32)]) {
      const res = await post(ctx.app, `${BASE}/${id}/business-detail`, { ...body, bank_statement: [body.bank_statement, file] }, { token });
      expect([res.status, res.body.message], file).toEqual([400, 'Invalid file: bank_statement is not an upload of this application']);
    }
  });

  it('the officer may not change it once PD1 is complete; a reviewer may until the application is final', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const body = await businessBody(id, token);
    await ctx.db
      .update(applications)
      .set({ status: 'PD1_COMPLETE' })
      .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)));
    const res = await post(ctx.app, `${BASE}/${id}/business-detail`, body, { token });
    expect(res.status).toBe(409);
    expect((await post(ctx.app, `${BASE}/${id}/business-detail`, body, { token: await login(ctx.app, MEENA) })).status).toBe(200);
    await ctx.db
      .update(applications)
      .set({ status: 'APPROVED' })
      .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)));
    expect((await call(ctx.app, 'PATCH', `${BASE}/${id}/business-detail`, body, { token: await login(ctx.app, ARJUN) })).status).toBe(409);
  });
});

describe('POST /:id/employment-info', () => {
  it('saves the salaried step with its three slips: BUSINESS_INFO, SALARIED; reviewers may too', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const slip = await upload(ctx.app, token, id, statementBytes('lakshmi-devi-sbi.pdf'), 'SALARY_SLIP1');
    const res = await post(ctx.app, `${BASE}/${id}/employment-info`, employmentBody(slip), { token });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      job_type: 'SALARIED',
      app_mfi_employment_info: { salary_slip3: slip, company_name: 'Nashik Textiles' },
    });
    expect(res.body.data.stage).toContain('BUSINESS_INFO');
    for (const reviewer of [MEENA, ARJUN])
      expect(
        (await post(ctx.app, `${BASE}/${id}/employment-info`, employmentBody(slip), { token: await login(ctx.app, reviewer) })).status,
      ).toBe(200);
  });

  it('refuses: no token, another officer, an agent, a missing slip, an unknown file; a replay is the same answer', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const slip = await upload(ctx.app, token, id, statementBytes('lakshmi-devi-sbi.pdf'), 'SALARY_SLIP1');
    expect((await post(ctx.app, `${BASE}/${id}/employment-info`, employmentBody(slip))).status).toBe(401);
    expect(
      (await post(ctx.app, `${BASE}/${id}/employment-info`, employmentBody(slip), { token: await otherOfficer(ctx.app, ctx.db) })).status,
    ).toBe(404);
    expect(
      (await post(ctx.app, `${BASE}/${id}/employment-info`, employmentBody(slip), { token: await login(ctx.app, KAVITA) })).status,
    ).toBe(403);
    const missing = await post(ctx.app, `${BASE}/${id}/employment-info`, { ...employmentBody(slip), salary_slip2: '' }, { token });
    expect([missing.status, missing.body.message]).toEqual([400, 'Missing salary slip 2']);
    const unknown = await post(
      ctx.app,
      `${BASE}/${id}/employment-info`,
      { ...employmentBody(slip), salary_slip3: 'e'.repeat(32) },
      { token },
    );
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Invalid file: salary_slip3 is not an upload of this application']);
    const headers = { 'idempotency-key': 'employment-1' };
    const first = await call(ctx.app, 'POST', `${BASE}/${id}/employment-info`, employmentBody(slip), { token, headers });
    const replay = await call(ctx.app, 'POST', `${BASE}/${id}/employment-info`, employmentBody(slip), { token, headers });
    expect(replay.raw.body).toBe(minimalReplayBody(first.raw.body));
  });
});

describe('bank account', () => {
  it('verify-bank-acc-v3: SBIN0001234 verifies with the applicant; an account ending 000 fails; verified stays verified', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const ok = await post(
      ctx.app,
      `${V}/perfios/kyc/verify-bank-acc-v3`,
      { account_number: '30012345678', ifsc: 'sbin0001234', phone: '9876501234', reference: 'r1', application_id: id },
      { token },
    );
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body).toMatchObject({
      success: true,
      statusCode: 200,
      status: 'VERIFIED',
      message: 'Bank verified successfully',
      data: { name: 'LAKSHMI DEVI', ifsc: 'SBIN0001234', bank_name: 'State Bank of India' },
    });
    const bad = await post(
      ctx.app,
      `${V}/perfios/kyc/verify-bank-acc-v3`,
      { account_number: '30012345000', ifsc: 'SBIN0001234', application_id: id },
      { token },
    );
    expect(bad.body).toMatchObject({ success: false, statusCode: 422, message: 'Bank verification failed.' });
    // A provider that now fails is not asked again for a verified account.
    await ctx.rebuild({ providers: { bankAccount: { verifyAccount: async () => ({ found: false }) } } });
    const again = await post(
      ctx.app,
      `${V}/perfios/kyc/verify-bank-acc-v3`,
      { account_number: '30012345678', ifsc: 'SBIN0001234', application_id: id },
      { token },
    );
    expect(again.status).toBe(200);
    const row = await rowOf(ctx.db, id);
    expect((row.data.verifications as any).bank_account['SBIN0001234:30012345678'].status).toBe('VERIFIED');
    expect((row.data.verifications as any).bank_account['SBIN0001234:30012345000'].status).toBe('FAILED');
  });

  it('verify-bank-acc-v3 refuses another officer (404), an agent (403), a bad IFSC (400), in its envelope', async () => {
    const { id } = await officerWithApplication(ctx.app);
    const body = { account_number: '30012345678', ifsc: 'SBIN0001234', application_id: id };
    expect(
      (await post(ctx.app, `${V}/perfios/kyc/verify-bank-acc-v3`, body, { token: await otherOfficer(ctx.app, ctx.db) })).body,
    ).toMatchObject({ statusCode: 404 });
    expect((await post(ctx.app, `${V}/perfios/kyc/verify-bank-acc-v3`, body, { token: await login(ctx.app, KAVITA) })).status).toBe(403);
    const res = await post(
      ctx.app,
      `${V}/perfios/kyc/verify-bank-acc-v3`,
      { ...body, ifsc: 'SBIN1234567' },
      { token: await login(ctx.app, RAVI) },
    );
    expect(res.body).toMatchObject({ statusCode: 400, message: 'Invalid IFSC' });
  });

  it('POST: verified on submit, BANK_ACCOUNT recorded, type upper-cased, IFSC trimmed, no deviation when the names match', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const proof = await upload(ctx.app, token, id, statementBytes('lakshmi-devi-sbi.pdf'), 'BANK_PROOF');
    const res = await post(ctx.app, `${BASE}/${id}/bank-account`, bankBody(proof), { token });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('Bank details submitted successfully!');
    expect(res.body.data.stage).toContain('BANK_ACCOUNT');
    expect(res.body.data.app_mfi_bank_account).toMatchObject({
      account_type: 'SAVINGS',
      ifsc_code: 'SBIN0001234',
      verified_name: 'LAKSHMI DEVI',
      is_verified: true,
    });
    expect(res.body.data.app_mfi_bank_account.confirm_account_number).toBeUndefined();
    expect(res.body.data.deviations).toEqual([]);
  });

  it('refuses: a failing account (422), a bad confirmation (400), a wrong designation per variant (403), no token, another officer', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const proof = await upload(ctx.app, token, id, statementBytes('lakshmi-devi-sbi.pdf'), 'BANK_PROOF');
    const failing = await post(
      ctx.app,
      `${BASE}/${id}/bank-account`,
      bankBody(proof, { account_number: '30012345000', confirm_account_number: '30012345000' }),
      { token },
    );
    expect([failing.status, failing.body.message]).toEqual([422, 'Bank verification failed.']);
    const confirm = await post(ctx.app, `${BASE}/${id}/bank-account`, bankBody(proof, { confirm_account_number: '30012345679' }), {
      token,
    });
    expect([confirm.status, confirm.body.message]).toEqual([400, 'Account numbers do not match']);
    const type = await post(ctx.app, `${BASE}/${id}/bank-account`, bankBody(proof, { account_type: 'GOLD' }), { token });
    expect([type.status, type.body.message]).toEqual([400, 'Invalid account type. Please select a valid account type']);
    expect((await post(ctx.app, `${BASE}/${id}/bank-account`, bankBody(proof), { token: await login(ctx.app, ARJUN) })).status).toBe(403);
    expect((await call(ctx.app, 'PATCH', `${BASE}/${id}/bank-account`, bankBody(proof), { token })).status).toBe(403);
    expect(
      (await call(ctx.app, 'PATCH', `${BASE}/${id}/bank-account`, bankBody(proof), { token: await login(ctx.app, MEENA) })).status,
    ).toBe(403);
    expect((await post(ctx.app, `${BASE}/${id}/bank-account`, bankBody(proof))).status).toBe(401);
    expect(
      (await post(ctx.app, `${BASE}/${id}/bank-account`, bankBody(proof), { token: await otherOfficer(ctx.app, ctx.db) })).status,
    ).toBe(404);
    expect((await rowOf(ctx.db, id)).stage).not.toContain('BANK_ACCOUNT');
    // The branch manager's separate call.
    expect(
      (await call(ctx.app, 'PATCH', `${BASE}/${id}/bank-account`, bankBody(proof), { token: await login(ctx.app, ARJUN) })).status,
    ).toBe(200);
  });

  it("a statement in another name needs BANK_NAME_MISMATCH_DEVIATION, kept PENDING with the server's match", async () => {
    const { token, id } = await withBorrowerStep(ctx.app, SUNITA, {
      voter_id: SUNITA.voter,
      deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION' }],
    });
    // Her PNB statement says SUNITA DEVI: read with the application, named in the business details.
    const statement = await upload(ctx.app, token, id, statementBytes('sunita-kumari-pnb.pdf'));
    const read = await post(
      ctx.app,
      '/banking/v1/identity',
      { bank_name: 'Punjab National Bank', files: [{ file_id: statement }], application_id: id },
      { token },
    );
    expect(read.status, read.body.message).toBe(200);
    expect(read.body.data.results[0].name_match).toMatchObject({ is_match: false, borrower_name: 'SUNITA KUMARI' });
    const business = await businessBody(id, token, {
      bank_name: 'Punjab National Bank',
      statement_bank_id: 4,
      bank_statement: [statement],
    });
    expect((await post(ctx.app, `${BASE}/${id}/business-detail`, business, { token })).status).toBe(200);

    const proof = await upload(ctx.app, token, id, statementBytes('sunita-kumari-pnb.pdf'), 'BANK_PROOF');
    const body = bankBody(proof, {
      account_holder_name: 'Sunita Kumari',
      account_number: '0123000100045678',
      confirm_account_number: '0123000100045678',
      ifsc_code: 'PUNB0012300',
      bank_name: 'Punjab National Bank',
    });
    const without = await post(ctx.app, `${BASE}/${id}/bank-account`, body, { token });
    expect([without.status, without.body.message]).toEqual([400, 'Name mismatch detected. Please review or continue with deviation.']);
    const withDeviation = await post(
      ctx.app,
      `${BASE}/${id}/bank-account`,
      { ...body, deviations: [{ type: 'BANK_NAME_MISMATCH_DEVIATION', info: { is_match: true } }] },
      { token },
    );
    expect(withDeviation.status, withDeviation.body.message).toBe(200);
    const deviation = withDeviation.body.data.deviations.find((d: { type: string }) => d.type === 'BANK_NAME_MISMATCH_DEVIATION');
    expect(deviation).toMatchObject({ status: 'PENDING', info: { is_match: false } });
    expect(deviation.info.results.map((r: { value: string }) => r.value)).toContain('SUNITA DEVI');
    // The borrower's own deviation is kept beside it.
    expect(withDeviation.body.data.deviations.map((d: { type: string }) => d.type)).toContain('BORROWER_NAME_MISMATCH_DEVIATION');
  });
});
