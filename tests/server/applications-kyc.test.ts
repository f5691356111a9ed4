import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Tx } from '../../src/server/db/client';
import { applications } from '../../src/server/db/schema';
import type { BureauProvider } from '../../src/server/providers/bureau/bureau-provider';
import { createSandboxBureauProvider } from '../../src/server/providers/bureau/sandbox-bureau.provider';
import { ProviderUnavailableError } from '../../src/server/errors';
import {
  insertFile,
  kycBody,
  LAKSHMI,
  officerWithApplication,
  otherOfficer,
  patchKyc,
  rowOf,
  VIKRAM,
  withBorrowerStep,
} from './applications-fixtures';
import { ARJUN, KAVITA, login, MEENA, RAVI } from './helpers/auth-flow';
import { raceOnApplicationLock } from './helpers/row-lock';
import { MINUTE, useTestApp } from './helpers/test-app';
import { testDatabaseKind } from './helpers/test-db';
import { createApplication } from './helpers/validation';
import { minimalReplayBody } from '../../src/domain/records/replay-body';

// Counts the bureau pulls, so a replay can be shown not to pull again; `duringCheck` changes
// the application while the bureau is being asked.
const pulls: string[] = [];
let duringCheck: (() => Promise<unknown>) | undefined;
const sandbox = createSandboxBureauProvider();
const countingBureau: BureauProvider = {
  check: async (pan) => {
    pulls.push(pan);
    await duringCheck?.();
    return sandbox.check(pan);
  },
};
const ctx = useTestApp({ providers: { bureau: countingBureau } });
beforeEach(() => {
  pulls.length = 0;
  duringCheck = undefined;
});

describe('PATCH /api/v1/app/mfi/:id/basic-info (KYC)', () => {
  it('LAKSHMI DEVI: PUT then KYC passes the bureau; stages are BORROWER_INFO, BORROWER_BASIC_INFO', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const body = await kycBody(ctx.db, { gender: 'MALE' }); // the borrower's gender is used, not the body's
    const res = await patchKyc(ctx.app, id, body, { token });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      status: 'DRAFT',
      stage: ['BORROWER_INFO', 'BORROWER_BASIC_INFO'],
      approval_checks: { decision: 'PASS', reasons: [], rejected: false, check_values: { overdue_amount: 0 } },
      bureau_deviation_exists: false,
      rejection_reason: null,
      kyc: { guardian_name: 'Ramesh Devi', no_of_family_members: 4, photo_file: body.photo_file, gender: 'FEMALE' },
    });
  });

  it('VIKRAM JOSHI: the bureau rejects, so the application is REJECTED with its reasons', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, VIKRAM);
    const res = await patchKyc(ctx.app, id, await kycBody(ctx.db, { voter_id_file: null }), { token });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'REJECTED',
      stage: ['BORROWER_INFO', 'BORROWER_BASIC_INFO'],
      approval_checks: {
        decision: 'REJECTED',
        reasons: ['OVERDUE_AMOUNT_PRESENT'],
        rejected: true,
        check_values: { overdue_amount: 18500 },
      },
      bureau_deviation_exists: true,
      rejection_reason: 'OVERDUE_AMOUNT_PRESENT',
    });
    expect(pulls.at(-1)).toBe(VIKRAM.pan);
  });

  it('a branch credit manager and a branch manager may submit it too', async () => {
    const { id } = await withBorrowerStep(ctx.app, LAKSHMI);
    for (const mobile of [MEENA, ARJUN]) {
      const res = await patchKyc(ctx.app, id, await kycBody(ctx.db), { token: await login(ctx.app, mobile) });
      expect(res.status, mobile).toBe(200);
    }
  });

  it('401 without a token, 403 for an AGENT, 404 for unknown, another tenant’s and another officer’s ids', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const body = await kycBody(ctx.db);
    expect((await patchKyc(ctx.app, id, body)).status).toBe(401);
    const agent = await patchKyc(ctx.app, id, body, { token: await login(ctx.app, KAVITA) });
    expect(agent.status).toBe(403);
    expect(agent.body.message).toBe('You are not allowed to do this.');
    expect((await patchKyc(ctx.app, 'f'.repeat(32), body, { token })).body).toEqual({
      success: false,
      message: 'Application not found',
      status_code: 404,
    });
    const acfl = await login(ctx.app, RAVI, 'acfl');
    expect((await patchKyc(ctx.app, id, body, { token: acfl, tenant: 'acfl' })).status).toBe(404);
    const acflApp = await createApplication(ctx.app, acfl, '9876509999', 'acfl');
    expect((await patchKyc(ctx.app, acflApp, body, { token })).status).toBe(404);
    expect((await patchKyc(ctx.app, id, body, { token: await otherOfficer(ctx.app, ctx.db) })).status).toBe(404);
    expect(pulls).toEqual([]);
  });

  it.each([
    [{ mother_name: 'Si' }, "Invalid Mother's Name"],
    [{ no_of_family_members: 0 }, 'Enter no of family memebers'],
    [{ photo_file: '' }, 'Please upload photo'],
    [{ voter_id_file: null }, 'Missing voter id'],
    [{ pan_file: 'f'.repeat(32) }, 'Invalid file: pan_file is not an upload of this application'],
    [{ aadhaar_front_file: 'not-a-file-id' }, 'Invalid file: aadhaar_front_file is not an upload of this application'],
  ])('400 for %j', async (patch, message) => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const res = await patchKyc(ctx.app, id, await kycBody(ctx.db, patch), { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message, status_code: 400 });
    expect((await rowOf(ctx.db, id)).stage).toEqual(['BORROWER_INFO']);
    expect(pulls).toEqual([]);
  });

  it('400 Invalid file for another tenant’s upload or a join-us upload', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    for (const file of [await insertFile(ctx.db, 'acfl'), await insertFile(ctx.db, 'sahyog', 'JOIN_US')]) {
      const res = await patchKyc(ctx.app, id, await kycBody(ctx.db, { photo_file: file }), { token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid file: photo_file is not an upload of this application');
    }
  });

  it('409 before the borrower step', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const res = await patchKyc(ctx.app, id, await kycBody(ctx.db), { token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Submit the borrower's details before the KYC details.");
  });

  it('409 on a rejected application', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, VIKRAM);
    expect((await patchKyc(ctx.app, id, await kycBody(ctx.db), { token })).body.data.status).toBe('REJECTED');
    const again = await patchKyc(ctx.app, id, await kycBody(ctx.db), { token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This step can no longer be changed: the application is REJECTED.');
  });

  it.each([
    ['PAN', 'CRYPY5532L', 'DRAFT'],
    ['status', LAKSHMI.pan, 'PD1_REVIEW'],
  ])('409 when the %s changes while the bureau is asked, and the change is kept', async (_what, pan, status) => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const change = { status, data: sql`${applications.data} || jsonb_build_object('pan', ${pan}::text)` };
    duringCheck = () => ctx.db.update(applications).set(change).where(eq(applications.id, id));
    const res = await patchKyc(ctx.app, id, await kycBody(ctx.db), { token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The application changed while it was being checked. Please submit again.');
    const row = await rowOf(ctx.db, id);
    expect([row.stage, row.status, row.data.pan, row.data.kyc]).toEqual([['BORROWER_INFO'], status, pan, undefined]);
  });

  it.skipIf(testDatabaseKind() !== 'postgres')('409 when a writer the submit had to wait for changed the PAN', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const body = await kycBody(ctx.db);
    const changePan = (tx: Tx) =>
      tx
        .update(applications)
        .set({ data: sql`${applications.data} || '{"pan":"CRYPY5532L"}'::jsonb` })
        .where(eq(applications.id, id));
    const res = await raceOnApplicationLock(
      ctx.db,
      id,
      /^\s*with written as \(\s*update "applications"/,
      () => patchKyc(ctx.app, id, body, { token }),
      changePan,
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The application changed while it was being checked. Please submit again.');
    expect((await rowOf(ctx.db, id)).stage).toEqual(['BORROWER_INFO']);
  });

  it('replays by Idempotency-Key: same bytes, no second bureau pull', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const body = await kycBody(ctx.db);
    const headers = { 'idempotency-key': 'kyc-1' };
    const first = await patchKyc(ctx.app, id, body, { token, headers });
    expect(first.status).toBe(200);
    const before = await rowOf(ctx.db, id);
    ctx.clock.advance(MINUTE);
    const second = await patchKyc(ctx.app, id, body, { token, headers });
    expect(second.raw.body).toBe(minimalReplayBody(first.raw.body));
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(pulls).toEqual([LAKSHMI.pan]);
    expect(await rowOf(ctx.db, id)).toEqual(before);
  });

  it('a bureau outage is 503 with its message, and nothing is recorded', async () => {
    await ctx.rebuild({
      providers: {
        bureau: {
          check: async () => {
            throw new ProviderUnavailableError('Credit bureau');
          },
        },
      },
    });
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const res = await patchKyc(ctx.app, id, await kycBody(ctx.db), { token });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      success: false,
      message: 'Credit bureau verification is not available right now. Please try again later.',
      status_code: 503,
    });
    expect((await rowOf(ctx.db, id)).stage).toEqual(['BORROWER_INFO']);
  });
});
