import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { latestOtp } from './auth-flow';
import { get, post } from './http';
import { BORROWER } from './validation';

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
