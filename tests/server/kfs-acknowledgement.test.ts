import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { kfsLabels } from '../../src/domain';
import { applications, coApplicants } from '../../src/server/db/schema';
import { readPdfText } from '../../src/server/documents/readers/pdf-text';
import { BASE, insertFile, patchApplication } from './applications-fixtures';
import { ARJUN, login, MEENA, RAVI, wrongOtp } from './helpers/auth-flow';
import { call, get, post } from './helpers/http';
import { acknowledgeStatement, CPV, KFS_ACK, KFS_RESEND, KFS_SEND, offerInPd2, sendStatement, storedOfferOf } from './helpers/kfs';
import { DAY, MINUTE, SECOND, useTestApp } from './helpers/test-app';
import { BORROWER } from './helpers/validation';

// Issue 22 items 3-5: the borrower acknowledges the Key Fact Statement with a code texted to the
// verified mobile; Accept Offer needs the acknowledgement of the version shown; the statement is
// valid 3 working days; the acceptance binds the application, and a later change voids it. The
// test clock starts on Thursday 15-01-2026 at 10:00 in India.

const ctx = useTestApp();
const BRE = '/api/v1/bureau/bre';

const where = (id: string) => and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id));
const rowOf = async (id: string) => (await ctx.db.select().from(applications).where(where(id)))[0]!;

/** Accept Offer on the terms stored now. */
const acceptOffer = (id: string, bcm: string, offer: Record<string, any>) =>
  call(
    ctx.app,
    'PATCH',
    BRE,
    {
      application_id: id,
      updated_info: {
        final_suggested_loan_amount: offer.final_suggested_loan_amount,
        risk_category_and_loan_type_wise_max_tenure: offer.risk_category_and_loan_type_wise_max_tenure,
        disbursement_date: offer.disbursement_date,
      },
      is_accepted: true,
    },
    { token: bcm },
  );

const historyOf = async (id: string, token: string) =>
  (await get(ctx.app, `${BASE}/${id}`, { token })).body.data.history as { action: string; remarks: string | null; detail: any }[];

const finalSubmit = (id: string, token: string) => patchApplication(ctx.app, id, { status: 'APPROVED' }, { token });

describe('the statement: number, issue date, validity', () => {
  it('a computed offer carries its statement: KFS-<tracker id>-01, issued now, valid 3 working days (Thursday → Monday)', async () => {
    const { id, offer } = await offerInPd2(ctx);
    const tracker = (await rowOf(id)).tracker_id!;
    expect(offer).toMatchObject({
      kfs_number: `KFS-${tracker}-01`,
      kfs_version: 1,
      kfs_issued_at: '2026-01-15T04:30:00.000Z',
      // Thu 15: Fri 16, Sat 17, (Sunday 18 skipped), Mon 19.
      kfs_valid_until: '2026-01-19',
      kfs_expired: false,
      kfs_acknowledged: false,
      acknowledgement: null,
    });
  });
});

describe('the PDF the borrower keeps', () => {
  it('GET kfs/pdf: a PDF with the statement number, Part 1 with the APR, Part 2 with the grievance officer, Annexes B and C', async () => {
    const { id, bcm, offer } = await offerInPd2(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/bureau/bre/kfs/pdf?application_id=${id}`,
      headers: { host: 'localhost:8080', token: bcm },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${offer.kfs_number}.pdf"`);
    const pages = await readPdfText(new Uint8Array(res.rawPayload), null);
    expect(pages.ok).toBe(true);
    const text = pages.ok
      ? pages.pages
          .flat()
          .map((line) => line.map((r) => r.text).join(' '))
          .join('\n')
      : '';
    expect(text).toContain(offer.kfs_number);
    expect(text).toContain(`Annual percentage rate (APR) ${offer.key_facts.apr_percent.toFixed(2)}%`);
    expect(text).toContain('Anita Desai, 1800-000-0000, grievance@sahyog.example');
    expect(text).toContain('Part 2');
    expect(text).toContain('Annex B');
    expect(text).toContain('Annex C');
    // Annex A's rows of issue 31 (the PDF writes ₹ as "Rs. "); the penal charge carries no GST.
    const money = (n: number) => `Rs. ${n.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
    const schedule = offer.key_facts.schedule;
    for (const line of [
      'Type of loan MFI Business Loan',
      'Disbursal schedule 100% upfront',
      `Instalment amount (EMI) ${money(offer.key_facts.emi)}`,
      // A long label wraps: its first line carries the value.
      `First instalment (interest for the actual days from ${money(schedule[0].emi)}`,
      `Last instalment (absorbs rounding) ${money(schedule.at(-1).emi)}`,
      'Not applicable: the rate is fixed',
      `Payable to the lender: processing fee ${money(offer.processing_fee)} (one-time)`,
      'Payable to the lender: valuation fee Nil',
      'Recurring fees and charges Nil',
      'Other penal charges Nil',
      'Switching from a floating to a fixed rate, or back Not applicable',
      'Rs. 250.00 (no GST)',
      'Rs. 300.00 + GST 18%',
      'Clause of the loan agreement on recovery agents',
      'Lending service provider acting as recovery agent',
    ])
      expect(text).toContain(line);
    expect(text).not.toMatch(/Rs\. 250\.00 \+ GST/);
    const officer = await login(ctx.app, RAVI);
    expect((await get(ctx.app, `/api/v1/bureau/bre/kfs/pdf?application_id=${id}`, { token: officer })).status).toBe(403);
  });

  it('GET kfs/pdf in Hindi (Accept-Language: hi): the same figures under the Hindi labels, set in Noto Sans Devanagari', async () => {
    const { id, bcm, offer } = await offerInPd2(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/bureau/bre/kfs/pdf?application_id=${id}`,
      headers: { host: 'localhost:8080', token: bcm, 'accept-language': 'hi' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers.vary).toBe('Accept-Language');
    expect(res.rawPayload.toString('latin1')).toContain('NotoSansDevanagari-Bold');
    const pages = await readPdfText(new Uint8Array(res.rawPayload), null);
    expect(pages.ok).toBe(true);
    const text = pages.ok
      ? pages.pages
          .flat()
          .map((line) => line.map((r) => r.text).join(' '))
          .join('\n')
      : '';
    // Text read back from a PDF gives Devanagari's glyphs in the order they are drawn (an i-matra
    // before its consonant, a reph after it), so the labels checked are ones without either.
    const t = kfsLabels('hi');
    for (const label of [t['kfs.lender'], t['kfs.trackerId'], t['kfs.bounce'], t.part2]) expect(text).toContain(label);
    // Rows of issue 31 whose words read back in order; the penal charge without GST.
    expect(text).toContain(`${t['kfs.valuationFee']} ${t.nil}`);
    expect(text).toContain('ऋण अनुबंध का खंड "वसूली');
    expect(text).toContain(t.noGst('₹250.00'));
    expect(text).toContain(t.plusGst('₹300.00', 18));
    expect(text).toContain(offer.kfs_number);
    expect(text).toContain(`(APR) ${offer.key_facts.apr_percent.toFixed(2)}%`);
    expect(text).toContain(`₹${offer.key_facts.emi.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
    expect(text).toContain('Anita Desai, 1800-000-0000, grievance@sahyog.example');
    expect(text).not.toContain(kfsLabels('en').part2);
  });
});

describe('the acknowledgement by OTP', () => {
  it('the right code: the statement number, its hash, language, time, officer and position are stored, in the history too; then Accept Offer', async () => {
    const { id, bcm, offer } = await offerInPd2(ctx);
    const refused = await acceptOffer(id, bcm, offer);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "The borrower has not acknowledged this version of the Key Fact Statement: send it to the borrower and enter the borrower's code first.",
    );

    const sent = await post(ctx.app, KFS_SEND, { application_id: id, kfs_number: offer.kfs_number, language: 'hi' }, { token: bcm });
    expect(sent.status, sent.body.message).toBe(200);
    expect(sent.body.data).toEqual({
      session_id: expect.any(String),
      kfs_number: offer.kfs_number,
      mobile: 'XXXXXX1234',
      resend_after_seconds: 30,
    });
    const outbox = (await get(ctx.app, `/api/dev/sms?mobile=${BORROWER}`)).body.data[0];
    // The SMS names the statement, in the borrower's language.
    expect(outbox.text).toContain(offer.kfs_number);
    expect(outbox.text).toContain('मुख्य तथ्य विवरण');
    ctx.clock.advance(MINUTE);
    const ack = await post(
      ctx.app,
      KFS_ACK,
      { application_id: id, session_id: sent.body.data.session_id, otp: outbox.otp, latitude: 19.076, longitude: 72.8777, accuracy_m: 12 },
      { token: bcm },
    );
    expect(ack.status, ack.body.message).toBe(200);
    expect(ack.body.data).toEqual({
      kfs_number: offer.kfs_number,
      content_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      language: 'hi',
      acknowledged_at: '2026-01-15T04:31:00.000Z',
      officer_id: expect.any(Number),
      officer_name: 'Meena Sharma',
      position: { latitude: 19.076, longitude: 72.8777, accuracy_m: 12 },
      mobile: 'XXXXXX1234',
    });
    expect((await rowOf(id)).data.loan_offer).toMatchObject({ acknowledgement: ack.body.data });
    const history = await historyOf(id, bcm);
    expect(history.find((h) => h.action === 'KFS_ACKNOWLEDGED')?.detail).toEqual(ack.body.data);

    const accepted = await acceptOffer(id, bcm, offer);
    expect(accepted.status, accepted.body.message).toBe(200);
    expect(accepted.body.data).toMatchObject({ is_accepted: true, kfs_acknowledged: true });
    expect((await finalSubmit(id, bcm)).status).toBe(200);
    // The track page shows the acknowledged statement's number (issue 22 item 6).
    const tracked = await get(ctx.app, `/api/v1/track?tracker_id=${(await rowOf(id)).tracker_id}`);
    expect(tracked.body.data).toMatchObject({ status: 'APPROVED', kfs_number: offer.kfs_number });
  });

  it('the hash is of the content: the same statement in another language hashes differently', async () => {
    const { id, bcm } = await offerInPd2(ctx);
    const hi = await acknowledgeStatement(ctx.app, bcm, id, 'hi');
    const en = await acknowledgeStatement(ctx.app, bcm, id, 'en');
    expect(en.kfs_number).toBe(hi.kfs_number);
    expect(en.content_hash).not.toBe(hi.content_hash);
    expect(en.content_hash).not.toBe(createHash('sha256').update('').digest('hex'));
  });

  it('a wrong code is refused and counted: the fifth kills the session, and the right code no longer works', async () => {
    const { id, bcm } = await offerInPd2(ctx);
    const { sessionId, otp } = await sendStatement(ctx.app, bcm, id);
    const body = (code: string) => ({ application_id: id, session_id: sessionId, otp: code });
    for (let i = 1; i <= 4; i++) {
      const wrong = await post(ctx.app, KFS_ACK, body(wrongOtp(otp)), { token: bcm });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Invalid OTP. Please try again.');
    }
    expect((await post(ctx.app, KFS_ACK, body(wrongOtp(otp)), { token: bcm })).body.message).toBe(
      'Too many wrong attempts. Please request a new OTP.',
    );
    const right = await post(ctx.app, KFS_ACK, body(otp), { token: bcm });
    expect(right.status).toBe(400);
    expect((await storedOfferOf(ctx.app, bcm, id)).kfs_acknowledged).toBe(false);
  });

  it('an expired code (after 5 minutes) is refused; a replayed code finds its session used', async () => {
    const { id, bcm } = await offerInPd2(ctx);
    const first = await sendStatement(ctx.app, bcm, id);
    ctx.clock.advance(5 * MINUTE);
    const late = await post(ctx.app, KFS_ACK, { application_id: id, session_id: first.sessionId, otp: first.otp }, { token: bcm });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('OTP has expired. Please request a new OTP.');

    const second = await sendStatement(ctx.app, bcm, id);
    const body = { application_id: id, session_id: second.sessionId, otp: second.otp };
    expect((await post(ctx.app, KFS_ACK, body, { token: bcm })).status).toBe(200);
    const replay = await post(ctx.app, KFS_ACK, body, { token: bcm });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('OTP session has expired. Please start again.');
    expect((await historyOf(id, bcm)).filter((h) => h.action === 'KFS_ACKNOWLEDGED')).toHaveLength(1);
  });

  it("another application's code is refused without being used up; it still acknowledges its own", async () => {
    const a = await offerInPd2(ctx, '9876501234');
    const b = await offerInPd2(ctx, '9876505678');
    const sentA = await sendStatement(ctx.app, a.bcm, a.id, 'en', '9876501234');
    const crossed = await post(ctx.app, KFS_ACK, { application_id: b.id, session_id: sentA.sessionId, otp: sentA.otp }, { token: b.bcm });
    expect(crossed.status).toBe(400);
    expect(crossed.body.message).toBe('This code was sent for another application.');
    expect((await storedOfferOf(ctx.app, b.bcm, b.id)).kfs_acknowledged).toBe(false);
    const own = await post(ctx.app, KFS_ACK, { application_id: a.id, session_id: sentA.sessionId, otp: sentA.otp }, { token: a.bcm });
    expect(own.status, own.body.message).toBe(200);
  });

  it('OTP limits: a resend waits 30 s; the borrower mobile gets at most 5 texts an hour (its validation was one)', async () => {
    const { id, bcm } = await offerInPd2(ctx);
    const { sessionId } = await sendStatement(ctx.app, bcm, id);
    const early = await post(ctx.app, KFS_RESEND, { application_id: id, session_id: sessionId }, { token: bcm });
    expect(early.status).toBe(429);
    ctx.clock.advance(30 * SECOND);
    const resent = await post(ctx.app, KFS_RESEND, { application_id: id, session_id: sessionId }, { token: bcm });
    expect(resent.status, resent.body.message).toBe(200);
    const offer = await storedOfferOf(ctx.app, bcm, id);
    for (let i = 0; i < 2; i++) {
      const sent = await post(ctx.app, KFS_SEND, { application_id: id, kfs_number: offer.kfs_number, language: 'en' }, { token: bcm });
      expect(sent.status, sent.body.message).toBe(200);
    }
    const sixth = await post(ctx.app, KFS_SEND, { application_id: id, kfs_number: offer.kfs_number, language: 'en' }, { token: bcm });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/^Too many OTP requests\. Please try again after \d+ minutes?\.$/);
  });

  it('only the credit manager sends; a stale statement number, an unverified mobile and bad input are refused', async () => {
    const { id, bcm, offer } = await offerInPd2(ctx);
    const officer = await login(ctx.app, RAVI);
    expect(
      (await post(ctx.app, KFS_SEND, { application_id: id, kfs_number: offer.kfs_number, language: 'en' }, { token: officer })).status,
    ).toBe(403);
    const stale = await post(ctx.app, KFS_SEND, { application_id: id, kfs_number: 'KFS-SAH0000000000-09', language: 'en' }, { token: bcm });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('The Key Fact Statement changed since it was sent: send the statement shown now to the borrower.');
    expect(
      (await post(ctx.app, KFS_SEND, { application_id: id, kfs_number: offer.kfs_number, language: 'fr' }, { token: bcm })).body,
    ).toMatchObject({
      status_code: 400,
      message: 'language must be one of en, hi, mr, bn, ta, te',
    });
    expect((await post(ctx.app, KFS_ACK, { application_id: id, session_id: 'x', otp: '12' }, { token: bcm })).status).toBe(400);
    await ctx.db
      .update(applications)
      .set({ data: sql`${applications.data} || '{"is_phone_verified": false}'::jsonb` })
      .where(where(id));
    const unverified = await post(ctx.app, KFS_SEND, { application_id: id, kfs_number: offer.kfs_number, language: 'en' }, { token: bcm });
    expect(unverified.status).toBe(409);
    expect(unverified.body.message).toBe("The borrower's mobile is not verified: the statement can be sent only to a verified mobile.");
  });
});

describe('versions and validity', () => {
  it('an edit after the acknowledgement is a new version: unacknowledged, and Accept Offer is refused', async () => {
    const { id, bcm, offer } = await offerInPd2(ctx);
    await acknowledgeStatement(ctx.app, bcm, id);
    const edited = await call(
      ctx.app,
      'PATCH',
      BRE,
      {
        application_id: id,
        updated_info: {
          final_suggested_loan_amount: 90000,
          risk_category_and_loan_type_wise_max_tenure: 12,
          disbursement_date: '2026-01-16',
        },
      },
      { token: bcm },
    );
    expect(edited.status, edited.body.message).toBe(200);
    expect(edited.body.data).toMatchObject({ kfs_version: 2, kfs_acknowledged: false, acknowledgement: null });
    expect(edited.body.data.kfs_number).toBe(offer.kfs_number.replace(/-01$/, '-02'));
    expect((await acceptOffer(id, bcm, edited.body.data)).status).toBe(409);
    // Accepting the old terms is accepting other terms than those shown: refused too.
    expect((await acceptOffer(id, bcm, offer)).status).toBe(409);
    await acknowledgeStatement(ctx.app, bcm, id);
    expect((await acceptOffer(id, bcm, edited.body.data)).status).toBe(200);
  });

  it('an offer past its validity is refused, re-issued by computing again (a new number and dates), then acknowledged and accepted', async () => {
    const first = await offerInPd2(ctx);
    const { id, offer } = first;
    await acknowledgeStatement(ctx.app, first.bcm, id);
    ctx.clock.advance(5 * DAY); // Tuesday 20-01-2026: the statement held through Monday 19.
    const bcm = await login(ctx.app, MEENA); // the session of five days ago has expired
    expect((await storedOfferOf(ctx.app, bcm, id)).kfs_expired).toBe(true);
    const late = await acceptOffer(id, bcm, offer);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      'The Key Fact Statement was valid until 2026-01-19: re-issue it (compute the offer again) and send it to the borrower.',
    );
    const reissued = await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bcm });
    expect(reissued.status, reissued.body.message).toBe(200);
    // Tue 20: Wed 21, Thu 22, Fri 23. The old disbursement date (15-01) is past: disbursed today.
    expect(reissued.body.data).toMatchObject({
      kfs_version: 2,
      kfs_issued_at: '2026-01-20T04:30:00.000Z',
      kfs_valid_until: '2026-01-23',
      kfs_expired: false,
      kfs_acknowledged: false,
      disbursement_date: '2026-01-20',
    });
    await acknowledgeStatement(ctx.app, bcm, id);
    expect((await acceptOffer(id, bcm, reissued.body.data)).status).toBe(200);
  });
});

describe('the accepted offer binds the application', () => {
  async function accepted(before?: (id: string, officer: string) => Promise<void>) {
    const world = await offerInPd2(ctx, BORROWER, before);
    await acknowledgeStatement(ctx.app, world.bcm, world.id);
    const res = await acceptOffer(world.id, world.bcm, world.offer);
    expect(res.status, res.body.message).toBe(200);
    ctx.clock.advance(MINUTE);
    return world;
  }

  it.each([
    [{ loan_type: 'UNSECURED_BUSINESS_LOAN' }, 'loan type changed from MFI_BUSINESS_LOAN to UNSECURED_BUSINESS_LOAN'],
    [{ amount_requested: 300000 }, 'amount requested changed from 100000 to 300000'],
    [{ name: 'LAKSHMI KUMARI' }, "borrower's name changed from LAKSHMI DEVI to LAKSHMI KUMARI"],
  ])(
    'a change of %j voids the acceptance and the acknowledgement (the history says why); the final submit is 409 naming it',
    async (change, reason) => {
      const { id, bcm } = await accepted();
      const patched = await patchApplication(ctx.app, id, change, { token: bcm });
      expect(patched.status, patched.body.message).toBe(200);
      const voided = (await historyOf(id, bcm)).find((h) => h.action === 'OFFER_VOIDED');
      expect(voided?.detail.reasons).toContain(reason);
      expect(voided?.remarks).toContain(reason);
      expect((await rowOf(id)).data.loan_offer).toMatchObject({
        is_accepted: false,
        acknowledgement: null,
        voided: { reasons: expect.arrayContaining([reason]) },
      });
      const submit = await finalSubmit(id, bcm);
      expect(submit.status).toBe(409);
      expect(submit.body.message).toContain(`the accepted offer (the acceptance was voided: ${reason}`);
      expect((await rowOf(id)).status).toBe('PD2_COMPLETE');
    },
  );

  it('a co-applicant added through another route: the final submit finds it, voids the acceptance and is 409 naming it', async () => {
    const { id, bcm } = await accepted();
    const row = await rowOf(id);
    await ctx.db.insert(coApplicants).values({
      tenant_id: 'sahyog',
      id: 'd'.repeat(32),
      application_id: id,
      type: 'GUARANTOR',
      status: 'ACTIVE',
      data: { name: 'RAMESH YADAV', pan: 'CRYPY5532L' },
      created_by: row.created_by,
      created_at: new Date(ctx.clock.now()),
      updated_at: new Date(ctx.clock.now()),
    });
    const submit = await finalSubmit(id, bcm);
    expect(submit.status).toBe(409);
    expect(submit.body.message).toContain('co-applicant added: GUARANTOR RAMESH YADAV (CRYPY5532L, ACTIVE)');
    expect((await historyOf(id, bcm)).some((h) => h.action === 'OFFER_VOIDED')).toBe(true);
    expect((await rowOf(id)).data.loan_offer).toMatchObject({ is_accepted: false });
  });

  it('a field verification figure changed: voided when the offer is opened, and the offer must be computed again', async () => {
    const { id, bcm, offer } = await accepted();
    await ctx.db
      .update(applications)
      .set({ data: sql`jsonb_set(${applications.data}, '{app_mfi_cpv_info,business_place,rent}', '9000')` })
      .where(where(id));
    const opened = await storedOfferOf(ctx.app, bcm, id);
    expect(opened).toMatchObject({ is_accepted: false, voided: { reasons: ['field verification rent changed from 3000 to 9000'] } });
    await acknowledgeStatement(ctx.app, bcm, id);
    const again = await acceptOffer(id, bcm, offer);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'The field verification or the loan asked for changed since the offer was computed: compute the offer again.',
    );
  });

  it('a change that is not bound (a landmark) leaves the acceptance, and the final submit approves', async () => {
    const { id, bcm } = await accepted();
    expect((await patchApplication(ctx.app, id, { landmark: 'Near the temple' }, { token: bcm })).status).toBe(200);
    expect((await rowOf(id)).data.loan_offer).toMatchObject({ is_accepted: true });
    const submit = await finalSubmit(id, bcm);
    expect(submit.status, submit.body.message).toBe(200);
    expect(submit.body.data.status).toBe('APPROVED');
  });
  // Each write that changes what the acceptance is bound to voids it in its own transaction: the
  // offer and the history say so right after the write, before any offer screen or final submit.
  const person = {
    relationship: 'Spouse',
    title: 'Mr.',
    guardian_name: 'Shyam Lal',
    guardian_relationship: 'Father',
    income: 20000,
    marital_status: 'Married',
    pincode: '422001',
    city: 'Nashik',
    district: 'Nashik',
    state: 'Maharashtra',
    address: '14 Gandhi Nagar, Ward 3',
    gender: 'MALE',
  };
  const RAMESH = {
    ...person,
    type: 'CO_BORROWER',
    name: 'Ramesh Yadav',
    phone: '9876543211',
    dob: '03-09-1982',
    age: 43,
    pan: 'CRYPY5532L',
    voter_id: 'XKD2345676',
  };
  const VIKRAM = { ...person, type: 'GUARANTOR', name: 'Vikram Joshi', phone: '9876543212', dob: '15-06-1990', age: 35, pan: 'EVJPJ1287N' };
  const MOHAN = {
    ...person,
    type: 'GUARANTOR',
    name: 'Mohan Lal',
    phone: '9876543213',
    dob: '20-01-1975',
    age: 50,
    pan: 'DMLPL6643M',
    voter_id: 'XKD4567814',
  };
  const docs = async () => ({
    pan_file: await insertFile(ctx.db),
    aadhaar_front_file: await insertFile(ctx.db),
    aadhaar_back_file: await insertFile(ctx.db),
  });

  /** The acceptance as the write left it: voided with `reason`, in the offer and in one OFFER_VOIDED entry. */
  async function expectVoidedAtOnce(id: string, bcm: string, reason: string) {
    expect((await rowOf(id)).data.loan_offer).toMatchObject({
      is_accepted: false,
      acknowledgement: null,
      voided: { reasons: expect.arrayContaining([reason]) },
    });
    const voided = (await historyOf(id, bcm)).filter((h) => h.action === 'OFFER_VOIDED');
    expect(voided).toHaveLength(1);
    expect(voided[0]!.detail.reasons).toContain(reason);
  }
  /** Sent back to the relationship officer (PD1_REVIEW), where the officer adds co-applicants again. */
  const sentBack = (id: string) => ctx.db.update(applications).set({ status: 'PD1_REVIEW' }).where(where(id));

  it("a co-applicant added by the officer after a send-back voids the acceptance in the add's transaction", async () => {
    const { id, bcm, officer } = await accepted();
    await sentBack(id);
    const added = await post(ctx.app, `${BASE}/${id}/co-applicant`, { ...RAMESH, ...(await docs()) }, { token: officer });
    expect(added.status, added.body.message).toBe(200);
    await expectVoidedAtOnce(id, bcm, 'co-applicant added: CO_BORROWER Ramesh Yadav (CRYPY5532L, ACTIVE)');
  });

  it('a rejected guarantor replaced after the acceptance: voided with the add and the replacement named', async () => {
    let vikram = '';
    const { id, bcm, officer } = await accepted(async (appId, token) => {
      const res = await post(ctx.app, `${BASE}/${appId}/co-applicant`, { ...VIKRAM, ...(await docs()) }, { token });
      expect(res.body.data?.status, res.body.message).toBe('REJECTED');
      vikram = res.body.data.id;
    });
    await sentBack(id);
    const replaced = await post(
      ctx.app,
      `${BASE}/${id}/co-applicant/replace`,
      { ...MOHAN, ...(await docs()), id_to_replace: vikram },
      { token: officer },
    );
    expect(replaced.status, replaced.body.message).toBe(200);
    await expectVoidedAtOnce(id, bcm, 'co-applicant added: GUARANTOR Mohan Lal (DMLPL6643M, ACTIVE)');
    await expectVoidedAtOnce(
      id,
      bcm,
      'co-applicant changed from GUARANTOR Vikram Joshi (EVJPJ1287N, REJECTED) to GUARANTOR Vikram Joshi (EVJPJ1287N, REPLACED)',
    );
  });

  it('a co-applicant updated by the credit manager: a bound change voids at once, an unbound one (income) does not', async () => {
    let ramesh = '';
    let form: Record<string, unknown> = {};
    const { id, bcm } = await accepted(async (appId, token) => {
      form = { ...RAMESH, ...(await docs()) };
      const res = await post(ctx.app, `${BASE}/${appId}/co-applicant`, form, { token });
      expect(res.status, res.body.message).toBe(200);
      ramesh = res.body.data.id;
    });
    const income = await call(ctx.app, 'PATCH', `${BASE}/co-applicant/${ramesh}`, { ...form, income: 30000 }, { token: bcm });
    expect(income.status, income.body.message).toBe(200);
    expect((await rowOf(id)).data.loan_offer).toMatchObject({ is_accepted: true });
    const retyped = await call(ctx.app, 'PATCH', `${BASE}/co-applicant/${ramesh}`, { ...form, type: 'GUARANTOR' }, { token: bcm });
    expect(retyped.status, retyped.body.message).toBe(200);
    await expectVoidedAtOnce(
      id,
      bcm,
      'co-applicant changed from CO_BORROWER Ramesh Yadav (CRYPY5532L, ACTIVE) to GUARANTOR Ramesh Yadav (CRYPY5532L, ACTIVE)',
    );
  });

  it('a bureau re-check that turns a rejected guarantor ACTIVE voids the acceptance at once', async () => {
    let vikram = '';
    const { id } = await accepted(async (appId, token) => {
      const res = await post(ctx.app, `${BASE}/${appId}/co-applicant`, { ...VIKRAM, ...(await docs()) }, { token });
      vikram = res.body.data.id;
    });
    await sentBack(id);
    await ctx.rebuild({
      providers: {
        bureau: { check: async () => ({ decision: 'PASS', reasons: [], rejected: false, check_values: { overdue_amount: 0 } }) },
      },
    });
    const officer = await login(ctx.app, RAVI);
    const checked = await post(ctx.app, `${BASE}/${id}/co-applicant/${vikram}/hardcheck`, undefined, { token: officer });
    expect(checked.status, checked.body.message).toBe(200);
    await expectVoidedAtOnce(
      id,
      await login(ctx.app, MEENA),
      'co-applicant changed from GUARANTOR Vikram Joshi (EVJPJ1287N, REJECTED) to GUARANTOR Vikram Joshi (EVJPJ1287N, ACTIVE)',
    );
  });

  it('an add that finds the offer accepted since it read the application is refused as changed meanwhile, and adds nothing', async () => {
    const { id, offer } = await offerInPd2(ctx);
    await sentBack(id);
    const officer = await login(ctx.app, RAVI);
    const acceptMeanwhile = async () => {
      await ctx.db
        .update(applications)
        .set({ data: sql`${applications.data} || ${JSON.stringify({ loan_offer: { ...offer, is_accepted: true } })}::jsonb` })
        .where(where(id));
      return { decision: 'PASS' as const, reasons: [], rejected: false, check_values: { overdue_amount: 0 } };
    };
    await ctx.rebuild({ providers: { bureau: { check: acceptMeanwhile } } });
    const added = await post(ctx.app, `${BASE}/${id}/co-applicant`, { ...RAMESH, ...(await docs()) }, { token: officer });
    expect(added.status).toBe(409);
    expect(added.body.message).toBe('The application changed while it was being checked. Please submit again.');
    expect(await ctx.db.select().from(coApplicants).where(eq(coApplicants.application_id, id))).toEqual([]);
  });

  it("a branch manager's decision on a deviation the acceptance recorded voids it at once", async () => {
    const approved = [{ type: 'BANK_NAME_MISMATCH_DEVIATION', info: { is_match: false }, status: 'APPROVED' }];
    const { id } = await accepted(async (appId) => {
      await ctx.db
        .update(applications)
        .set({ data: sql`${applications.data} || ${JSON.stringify({ deviations: approved })}::jsonb` })
        .where(where(appId));
    });
    const bm = await login(ctx.app, ARJUN);
    const decided = await call(
      ctx.app,
      'PATCH',
      `${BASE}/${id}/deviation`,
      { type: 'BANK_NAME_MISMATCH_DEVIATION', decision: 'REJECTED', remarks: 'Account belongs to the husband' },
      { token: bm },
    );
    expect(decided.status, decided.body.message).toBe(200);
    await expectVoidedAtOnce(
      id,
      bm,
      'deviations changed from BANK_NAME_MISMATCH_DEVIATION APPROVED to BANK_NAME_MISMATCH_DEVIATION REJECTED',
    );
  });

  it('new CPV figures saved by the credit manager void the acceptance at once', async () => {
    const { id, bcm } = await accepted();
    await ctx.db.update(applications).set({ status: 'PD2_REVIEW' }).where(where(id));
    const saved = await post(
      ctx.app,
      `${BASE}/${id}/business-cpv-info`,
      {
        ...CPV.business_place,
        phone: BORROWER,
        shop_selfie_photo_file: await insertFile(ctx.db),
        qr_code_upload: await insertFile(ctx.db),
        rent: 9000,
      },
      { token: bcm },
    );
    expect(saved.status, saved.body.message).toBe(200);
    await expectVoidedAtOnce(id, bcm, 'field verification rent changed from 3000 to 9000');
  });
});
