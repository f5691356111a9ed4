import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SELF_APPLICATION_TEXT } from '../../src/domain/steps/self-application';
import { STATUS_TEXT } from '../../src/domain/policy/review-workflow';
import { applicationEvents, applications, guestTokens } from '../../src/server/db/schema';
import { PUBLIC_ROUTES, routeKey } from '../../src/server/http/route-access';
import { latestOtp, login, MEENA, RAVI, wrongOtp } from './helpers/auth-flow';
import { guestSignIn, GUEST_MOBILE, resendGuestOtp, sendGuestOtp, verifyGuestOtp } from './helpers/guest-flow';
import { call, get, post } from './helpers/http';
import { HOUR, MINUTE, SECOND, useTestApp } from './helpers/test-app';
import { createApplication, sendValidation } from './helpers/validation';

const ctx = useTestApp();

/** The routes a guest token may call (by hand, not read from the routes under test). */
const GUEST_ROUTES = new Set([
  'GET /api/v1/app/mfi/:id',
  'PUT /api/v1/app/mfi/:id',
  'PATCH /api/v1/app/mfi/:id/basic-info',
  'POST /api/v1/app/mfi/:id/co-applicant',
  'GET /api/v1/app/mfi/:id/co-applicant',
  'GET /api/v1/app/mfi/co-applicant/:coId',
  'PATCH /api/v1/app/mfi/co-applicant/:coId',
  'POST /api/v1/app/mfi/:id/business-detail',
  'POST /api/v1/app/mfi/:id/employment-info',
  'PATCH /api/v1/app/mfi/:id/reference',
  'POST /verification/v1/request_aadhaar_otp',
  'POST /verification/v1/submit_aadhaar_otp',
  'POST /verification/v1/verify_pan_lite',
  'POST /verification/v1/perfios/kyc/verify-voter-id',
  'POST /verification/v1/name_matcher',
  'POST /api/v1/apply-loan/upload-file',
  'POST /api/v1/apply-loan/bulk-upload',
  'POST /api/v1/apply-loan/:id/submit',
]);

/** Puts the borrower's public steps on a self-application straight in the database (the steps have their own tests). */
async function markStepsDone(id: string) {
  await ctx.db
    .update(applications)
    .set({
      stage: sql`'["BORROWER_INFO","BORROWER_BASIC_INFO"]'::jsonb`,
      data: sql`${applications.data} || '{"name":"SUNITA KUMARI"}'::jsonb`,
    })
    .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)));
}

async function submitted() {
  const guest = await guestSignIn(ctx.app);
  await markStepsDone(guest.applicationId);
  const res = await post(ctx.app, `/api/v1/apply-loan/${guest.applicationId}/submit`, {}, { token: guest.token });
  expect(res.status, res.body.message).toBe(200);
  return guest;
}

describe('guest OTP: POST /api/v1/otp/send|resend|verify', () => {
  it('verify opens a DRAFT self-application for the mobile and answers a guest token; a second sign-in finds the same one', async () => {
    const first = await guestSignIn(ctx.app);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.applicationId).toMatch(/^[0-9a-f]{32}$/);
    expect(first.trackerId).toMatch(/^SAH[0-9]{10}$/);
    const [row] = await ctx.db.select().from(applications).where(eq(applications.id, first.applicationId));
    expect(row).toMatchObject({ status: 'DRAFT', phone: GUEST_MOBILE });
    expect(row!.data).toMatchObject({ source: 'SELF', is_phone_verified: true });
    const [stored] = await ctx.db.select().from(guestTokens).where(eq(guestTokens.application_id, first.applicationId));
    expect(stored!.token_hash).not.toContain(first.token);
    const own = await get(ctx.app, `/api/v1/app/mfi/${first.applicationId}`, { token: first.token });
    expect(own.status, own.body.message).toBe(200);
    ctx.clock.advance(31 * SECOND);
    const again = await guestSignIn(ctx.app);
    expect(again.applicationId).toBe(first.applicationId);
    expect(again.token).not.toBe(first.token);
  });

  it('a code is good once: a replayed verify is refused and issues nothing', async () => {
    const sent = await sendGuestOtp(ctx.app);
    const otp = await latestOtp(ctx.app, GUEST_MOBILE);
    expect((await verifyGuestOtp(ctx.app, sent.body.data.session_id, otp)).status).toBe(200);
    const replay = await verifyGuestOtp(ctx.app, sent.body.data.session_id, otp);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('OTP session has expired. Please start again.');
    expect(await ctx.db.select().from(guestTokens)).toHaveLength(1);
  });

  it('has the login rules: 5 wrong codes kill the session, a code expires after 5 minutes, resend waits 30 s', async () => {
    const sent = await sendGuestOtp(ctx.app);
    const sessionId = sent.body.data.session_id;
    const otp = await latestOtp(ctx.app, GUEST_MOBILE);
    const early = await resendGuestOtp(ctx.app, sessionId);
    expect(early.status).toBe(429);
    for (let i = 0; i < 5; i++) expect((await verifyGuestOtp(ctx.app, sessionId, wrongOtp(otp))).status).toBe(400);
    const dead = await verifyGuestOtp(ctx.app, sessionId, otp);
    expect(dead.body.message).toBe('Too many wrong attempts. Please request a new OTP.');

    ctx.clock.advance(MINUTE);
    const second = await sendGuestOtp(ctx.app);
    const code = await latestOtp(ctx.app, GUEST_MOBILE);
    ctx.clock.advance(5 * MINUTE + SECOND);
    const late = await verifyGuestOtp(ctx.app, second.body.data.session_id, code);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('OTP has expired. Please request a new OTP.');
  });

  it('applies the send limits: 5 an hour per mobile (shared with the login and validation sends), then per address', async () => {
    for (let i = 0; i < 5; i++) expect((await sendGuestOtp(ctx.app)).status).toBe(200);
    const sixth = await sendGuestOtp(ctx.app);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/^Too many OTP requests/);
    expect(sixth.headers['retry-after']).toBeDefined();

    const app = await ctx.rebuild({ config: { otpMaxSendsPerAddressHour: 3 } });
    ctx.clock.advance(HOUR + SECOND);
    for (const mobile of ['9876500021', '9876500022', '9876500023']) expect((await sendGuestOtp(app, mobile)).status).toBe(200);
    expect((await sendGuestOtp(app, '9876500024')).status).toBe(429);
  });

  it('refuses a malformed mobile with 400, and never verifies an officer’s validation session', async () => {
    expect((await sendGuestOtp(ctx.app, '12345')).status).toBe(400);
    const officer = await login(ctx.app, RAVI);
    const sent = await sendValidation(ctx.app, officer, GUEST_MOBILE);
    const otp = await latestOtp(ctx.app, GUEST_MOBILE);
    const stolen = await verifyGuestOtp(ctx.app, sent.body.data.session_id, otp);
    expect(stolen.status).toBe(400);
    expect(await ctx.db.select().from(guestTokens)).toHaveLength(0);
  });
});

describe('guest token scope', () => {
  it('every route that is not the public flow’s answers 401; the public flow’s routes on another application answer 404', async () => {
    const guest = await guestSignIn(ctx.app);
    const officer = await login(ctx.app, RAVI);
    const staffApp = await createApplication(ctx.app, officer);
    ctx.clock.advance(31 * SECOND);
    const other = await guestSignIn(ctx.app, '9876500012');
    const checked: string[] = [];
    for (const route of ctx.app.routeTable) {
      const key = routeKey(route.method, route.url);
      if (PUBLIC_ROUTES.has(key)) continue;
      const url = route.url.replace(':id', staffApp).replace(':coId', 'c'.repeat(32)).replace(':hostname', 'localhost').replace('*', 'x');
      const res = await call(ctx.app, route.method as 'GET', url, route.method === 'GET' ? undefined : {}, { token: guest.token });
      if (!GUEST_ROUTES.has(key)) {
        expect(res.status, `${key}: ${res.body.message}`).toBe(401);
        checked.push(key);
      } else if (route.url.includes(':id')) {
        expect([404, 400], `${key}: ${res.body.message}`).toContain(res.status);
        if (res.status === 400) throw new Error(`${key} parsed the body before the access check`);
        const theirs = await call(
          ctx.app,
          route.method as 'GET',
          route.url.replace(':id', other.applicationId),
          route.method === 'GET' ? undefined : {},
          {
            token: guest.token,
          },
        );
        expect(theirs.status, `${key} on another guest's application`).toBe(404);
      }
    }
    expect(checked.length).toBeGreaterThan(20);
    for (const key of ['GET /api/v1/app/mfi', 'GET /api/v1/app/mfi/count', 'GET /api/v1/app/mfi/self-applied', 'POST /api/v1/bureau/bre']) {
      expect(checked, key).toContain(key);
    }
  });

  it('uploads and verifications name their application in the body: another application is 404', async () => {
    const guest = await guestSignIn(ctx.app);
    const officer = await login(ctx.app, RAVI);
    const staffApp = await createApplication(ctx.app, officer);
    const pan = await post(
      ctx.app,
      '/verification/v1/verify_pan_lite',
      { pan: 'FSKPK2231P', application_id: staffApp },
      { token: guest.token },
    );
    expect(pan.status).toBe(404);
    const own = await post(
      ctx.app,
      '/verification/v1/verify_pan_lite',
      { pan: 'FSKPK2231P', application_id: guest.applicationId },
      { token: guest.token },
    );
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it('expires after 24 hours idle; use keeps it alive', async () => {
    const guest = await guestSignIn(ctx.app);
    const url = `/api/v1/app/mfi/${guest.applicationId}`;
    ctx.clock.advance(23 * HOUR);
    expect((await get(ctx.app, url, { token: guest.token })).status).toBe(200);
    ctx.clock.advance(23 * HOUR);
    expect((await get(ctx.app, url, { token: guest.token })).status).toBe(200);
    ctx.clock.advance(24 * HOUR + SECOND);
    const late = await get(ctx.app, url, { token: guest.token });
    expect(late.status).toBe(401);
  });

  it('a token of one tenant is nothing on another tenant’s host', async () => {
    const guest = await guestSignIn(ctx.app);
    const res = await get(ctx.app, `/api/v1/app/mfi/${guest.applicationId}`, { token: guest.token, tenant: 'catfin' });
    expect(res.status).toBe(401);
  });
});

describe('submit and take-over', () => {
  it('submit needs the borrower steps; afterwards the token reads only', async () => {
    const guest = await guestSignIn(ctx.app);
    const early = await post(ctx.app, `/api/v1/apply-loan/${guest.applicationId}/submit`, {}, { token: guest.token });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Please complete these steps first: BORROWER_INFO, BORROWER_BASIC_INFO.');
    await markStepsDone(guest.applicationId);
    expect((await post(ctx.app, `/api/v1/apply-loan/${guest.applicationId}/submit`, {}, { token: guest.token })).status).toBe(200);
    expect((await get(ctx.app, `/api/v1/app/mfi/${guest.applicationId}`, { token: guest.token })).status).toBe(200);
    const change = await call(ctx.app, 'PUT', `/api/v1/app/mfi/${guest.applicationId}`, {}, { token: guest.token });
    expect(change.status).toBe(409);
    expect(change.body.message).toBe('Your application has been sent to the branch. It can no longer be changed here.');
    const officer = await login(ctx.app, RAVI);
    expect((await post(ctx.app, `/api/v1/apply-loan/${guest.applicationId}/submit`, {}, { token: officer })).status).toBe(403);
  });

  it('shows under Self-applied; two officers take it over at once: one wins, the other 409; the guest token is then 401', async () => {
    const guest = await submitted();
    const ravi = await login(ctx.app, RAVI);
    await ctx.db.execute(
      sql`insert into users (tenant_id, mobile, first_name, role, mfi_employee) values ('sahyog', '9000000011', 'Other', 'MFI_EMPLOYEE', 'RELATIONSHIP_OFFICER')`,
    );
    const other = await login(ctx.app, '9000000011');
    const list = await get(ctx.app, '/api/v1/app/mfi/self-applied', { token: await login(ctx.app, MEENA) });
    expect(list.body.data).toEqual([expect.objectContaining({ id: guest.applicationId, name: 'SUNITA KUMARI', phone: GUEST_MOBILE })]);

    const url = `/api/v1/app/mfi/${guest.applicationId}/take-over`;
    const answers = await Promise.all([post(ctx.app, url, {}, { token: ravi }), post(ctx.app, url, {}, { token: other })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe('Another officer has already taken this application over.');
    const winner = answers[0]!.status === 200 ? ravi : other;

    expect((await get(ctx.app, `/api/v1/app/mfi/${guest.applicationId}`, { token: guest.token })).status).toBe(401);
    expect((await get(ctx.app, `/api/v1/app/mfi/${guest.applicationId}`, { token: winner })).status).toBe(200);
    expect((await get(ctx.app, '/api/v1/app/mfi/self-applied', { token: ravi })).body.data).toEqual([]);
    const events = await ctx.db.select().from(applicationEvents).where(eq(applicationEvents.application_id, guest.applicationId));
    expect(events.map((e) => e.action)).toEqual(['SELF_SUBMITTED', 'TAKEN_OVER']);
    expect(events[1]!.actor_designation).toBe('RELATIONSHIP_OFFICER');
    const tokens = await ctx.db.select().from(guestTokens).where(eq(guestTokens.application_id, guest.applicationId));
    expect(tokens.every((t) => t.revoked_at !== null)).toBe(true);
  });

  it('the public track says where a self-application stands, in words, before and after the take-over', async () => {
    const guest = await guestSignIn(ctx.app);
    const track = async () => (await get(ctx.app, `/api/v1/track?tracker_id=${guest.trackerId}`)).body;
    expect((await track()).message).toBe(SELF_APPLICATION_TEXT.started);
    await markStepsDone(guest.applicationId);
    await post(ctx.app, `/api/v1/apply-loan/${guest.applicationId}/submit`, {}, { token: guest.token });
    expect((await track()).message).toBe(SELF_APPLICATION_TEXT.sent);
    expect(JSON.stringify(await track())).not.toContain('SUNITA');
    await post(ctx.app, `/api/v1/app/mfi/${guest.applicationId}/take-over`, {}, { token: await login(ctx.app, RAVI) });
    expect((await track()).message).toBe(STATUS_TEXT.DRAFT);
  });

  it('an application not yet sent, or an officer’s own, cannot be taken over', async () => {
    const guest = await guestSignIn(ctx.app);
    const ravi = await login(ctx.app, RAVI);
    const notYet = await post(ctx.app, `/api/v1/app/mfi/${guest.applicationId}/take-over`, {}, { token: ravi });
    expect(notYet.status).toBe(409);
    const staffApp = await createApplication(ctx.app, ravi);
    expect((await post(ctx.app, `/api/v1/app/mfi/${staffApp}/take-over`, {}, { token: ravi })).status).toBe(404);
    expect(
      (await post(ctx.app, `/api/v1/app/mfi/${guest.applicationId}/take-over`, {}, { token: await login(ctx.app, MEENA) })).status,
    ).toBe(403);
  });
});
