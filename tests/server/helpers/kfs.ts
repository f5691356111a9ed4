import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { applications } from '../../../src/server/db/schema';
import { get, post } from './http';
import { latestOtp, login, MEENA, RAVI } from './auth-flow';
import type { TestContext } from './test-app';
import { BORROWER, createApplication } from './validation';

export const KFS_SEND = '/api/v1/bureau/bre/kfs/send';
export const KFS_RESEND = '/api/v1/bureau/bre/kfs/resend';
export const KFS_ACK = '/api/v1/bureau/bre/kfs/acknowledge';

/** The stored offer as GET bre answers it. */
export async function storedOfferOf(app: FastifyInstance, token: string, applicationId: string) {
  const read = await get(app, `/api/v1/bureau/bre?application_id=${applicationId}`, { token });
  expect(read.status, read.body.message).toBe(200);
  return read.body.data.offer;
}

/** Sends the statement shown now to the borrower; answers the session and the code from the dev outbox. */
export async function sendStatement(app: FastifyInstance, token: string, applicationId: string, language = 'en', mobile = BORROWER) {
  const offer = await storedOfferOf(app, token, applicationId);
  const sent = await post(app, KFS_SEND, { application_id: applicationId, kfs_number: offer.kfs_number, language }, { token });
  expect(sent.status, sent.body.message).toBe(200);
  return { sessionId: sent.body.data.session_id as string, otp: await latestOtp(app, mobile), kfsNumber: offer.kfs_number as string };
}

/** The borrower's acknowledgement of the statement shown now, with the code read from the dev outbox (issue 22). */
export async function acknowledgeStatement(app: FastifyInstance, token: string, applicationId: string, language = 'en') {
  const { sessionId, otp } = await sendStatement(app, token, applicationId, language);
  const ack = await post(
    app,
    KFS_ACK,
    { application_id: applicationId, session_id: sessionId, otp, latitude: 19.076, longitude: 72.8777, accuracy_m: 12 },
    { token },
  );
  expect(ack.status, ack.body.message).toBe(200);
  return ack.body.data;
}

/** The field verification of LAKSHMI DEVI's shop and house. */
export const CPV = {
  business_place: {
    verification_type: 'BUSINESS_PLACE_VERIFICATION',
    shop_selfie_photo_file: 'a'.repeat(32),
    monthly_sales: 150000,
    gross_margin_percentage: 20,
    rent: 3000,
  },
  residence: {
    verification_type: 'RESIDENCE_VERIFICATION',
    house_selfie_photo_file: 'b'.repeat(32),
    house_rent: 2000,
    food_expenses: 4000,
  },
};
const STAGES = ['BORROWER_BASIC_INFO', 'CPV_BUSINESS_PLACE', 'CPV_RESIDENCE', 'REFERENCES'];
const sahyogApplication = (id: string) => and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id));

/** LAKSHMI DEVI's application (mobile verified), field verification done, offer computed, PD2 complete. */
export async function offerInPd2(ctx: TestContext, mobile = BORROWER, before?: (id: string, officer: string) => Promise<void>) {
  const officer = await login(ctx.app, RAVI);
  const id = await createApplication(ctx.app, officer, mobile);
  await before?.(id, officer);
  const data = { name: 'LAKSHMI DEVI', pan: 'BDVPD4821K', loan_type: 'MFI_BUSINESS_LOAN', amount_requested: 100000, tenure_requested: 12 };
  await ctx.db
    .update(applications)
    .set({
      status: 'PD1_COMPLETE',
      stage: STAGES,
      data: sql`${applications.data} || ${JSON.stringify({ ...data, app_mfi_cpv_info: CPV })}::jsonb`,
    })
    .where(sahyogApplication(id));
  const bcm = await login(ctx.app, MEENA);
  const computed = await post(ctx.app, '/api/v1/bureau/bre', { application_id: id, skip_cache: true }, { token: bcm });
  expect(computed.status, computed.body.message).toBe(200);
  await ctx.db.update(applications).set({ status: 'PD2_COMPLETE' }).where(sahyogApplication(id));
  return { id, bcm, officer, offer: computed.body.data };
}
