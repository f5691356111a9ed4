import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { PD1_STAGES, PD2_STAGES } from '../../src/domain/policy/review-workflow';
import type { Db } from '../../src/server/db/client';
import { applications } from '../../src/server/db/schema';
import { offerBasisOf } from '../../src/server/kernels/offers';
import { BASE, LAKSHMI, patchApplication, withBorrowerStep } from './applications-fixtures';
import { ARJUN, login, MEENA } from './helpers/auth-flow';
import { call } from './helpers/http';
import { MINUTE, type TestClock } from './helpers/test-app';

// Applications brought to each status of the review workflow through the real move calls. The
// steps' own data (stages of the PD1 steps, field verification, references, the loan offer of
// issue 12) is written straight into the row: the step routes have their own tests, and these
// tests are about the moves and what they read.

export type Tokens = { officer: string; bcm: string; bm: string };
export type World = { app: FastifyInstance; db: Db; clock: TestClock };

export const CPV_INFO = {
  business_place: { verification_type: 'BUSINESS_PLACE_VERIFICATION', shop_selfie_photo_file: 'a'.repeat(32), monthly_sales: 90000 },
  residence: { verification_type: 'RESIDENCE_VERIFICATION', house_selfie_photo_file: 'b'.repeat(32), house_rent: 3000 },
};
export const REFERENCES = [
  { id: 'c'.repeat(32), type: 'PERSONAL_REFERENCE', name: 'Sita Ram', phone: '9876543210', address: '14 Gandhi Nagar' },
];
export const OFFER = { bre_score: 742, decision: 'APPROVED', reasons: [], final_suggested_loan_amount: 100000, is_accepted: false };

/**
 * The offer as the borrower's acknowledgement and the acceptance leave it (issue 22): its
 * statement acknowledged, and the application's state at the acceptance recorded (read by the
 * server's own offerBasisOf, as the acceptance does: the acknowledgement flow has its own tests).
 */
export async function acceptedOffer(w: World, id: string) {
  const [row] = await w.db
    .select()
    .from(applications)
    .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)));
  const kfs_number = 'KFS-SAH0000000001-01';
  return {
    ...OFFER,
    kfs_number,
    is_accepted: true,
    accepted_at: '2026-01-15',
    acknowledgement: { kfs_number, content_hash: 'f'.repeat(64), language: 'en', acknowledged_at: '2026-01-15T04:30:00.000Z' },
    accepted_basis: await offerBasisOf(w.db, 'sahyog', row!),
  };
}

/** Merges keys into the application's data (and sets its stages), as the step services would. */
export async function writeData(db: Db, id: string, data: Record<string, unknown>, stage?: readonly string[]) {
  await db
    .update(applications)
    .set({ data: sql`${applications.data} || ${JSON.stringify(data)}::jsonb`, ...(stage ? { stage: [...stage] } : {}) })
    .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)));
}

export const move = (w: World, id: string, token: string, status: string, remarks?: string) =>
  patchApplication(w.app, id, remarks === undefined ? { status } : { status, remarks }, { token });

export const resubmit = (w: World, id: string, token: string, remarks?: string) =>
  call(w.app, 'POST', `${BASE}/${id}/resubmit`, remarks === undefined ? {} : { remarks }, { token });

export const decide = (w: World, id: string, token: string, body: Record<string, unknown>) =>
  call(w.app, 'PATCH', `${BASE}/${id}/deviation`, body, { token });

async function moved(w: World, id: string, token: string, status: string, remarks?: string) {
  w.clock.advance(MINUTE);
  const res = await move(w, id, token, status, remarks);
  expect(res.status, res.body.message).toBe(200);
  expect(res.body.data.status).toBe(status);
}

/** LAKSHMI DEVI with every verification and every PD1 stage: ready for Complete PD1. */
export async function pd1Ready(w: World): Promise<{ id: string; tokens: Tokens }> {
  const { token, id } = await withBorrowerStep(w.app, LAKSHMI);
  await writeData(w.db, id, {}, PD1_STAGES);
  return { id, tokens: { officer: token, bcm: await login(w.app, MEENA), bm: await login(w.app, ARJUN) } };
}

/** What field verification, references and the loan offer leave (issue 12), offer not yet accepted. */
export const pd2Data = async (w: World, id: string) =>
  writeData(w.db, id, { app_mfi_cpv_info: CPV_INFO, reference_list: REFERENCES, loan_offer: OFFER }, [...PD1_STAGES, ...PD2_STAGES]);

/**
 * An application in `status` with what its next moves need, reached by the real moves:
 * PD1_REVIEW is resubmitted by the officer after a change; PD2_REVIEW has a change since the
 * review; PD2_COMPLETE has its offer accepted.
 */
export async function applicationAt(w: World, status: string): Promise<{ id: string; tokens: Tokens }> {
  const ready = await pd1Ready(w);
  const { id, tokens } = ready;
  if (status === 'DRAFT') return ready;
  await moved(w, id, tokens.bm, 'PD1_COMPLETE');
  if (status === 'PD1_COMPLETE') return ready;
  if (status === 'PD1_REVIEW') {
    await moved(w, id, tokens.bm, 'PD1_REVIEW', 'Add the shop photo');
    w.clock.advance(MINUTE);
    expect((await patchApplication(w.app, id, { emi_requested: 9000 }, { token: tokens.officer })).status).toBe(200);
    w.clock.advance(MINUTE);
    const res = await resubmit(w, id, tokens.officer, 'Shop photo added');
    expect(res.status, res.body.message).toBe(200);
    return ready;
  }
  await pd2Data(w, id);
  await moved(w, id, tokens.bcm, 'PD2_COMPLETE');
  if (status === 'PD2_REVIEW') {
    await moved(w, id, tokens.bcm, 'PD2_REVIEW', 'Residence photo unclear');
    w.clock.advance(MINUTE);
    expect((await patchApplication(w.app, id, { landmark: 'Near the temple' }, { token: tokens.bcm })).status).toBe(200);
    return ready;
  }
  await writeData(w.db, id, { loan_offer: await acceptedOffer(w, id) });
  if (status === 'PD2_COMPLETE') return ready;
  await moved(w, id, tokens.bcm, status, status === 'REJECTED' ? 'Policy' : undefined);
  return ready;
}
