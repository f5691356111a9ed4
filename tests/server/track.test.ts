import { describe, expect, it } from 'vitest';
import { statusText } from '../../src/domain/policy/review-workflow';
import { TRACK_MAX_PER_ADDRESS_HOUR } from '../../src/server/modules/track/track.routes';
import { LAKSHMI, rowOf, withBorrowerStep } from './applications-fixtures';
import { get } from './helpers/http';
import { HOUR, useTestApp } from './helpers/test-app';
import { applicationAt } from './review-fixtures';

// GET /api/v1/track?tracker_id= (issue 13): public, the tenant from the host, the status in words
// and nothing personal.

const ctx = useTestApp();
const track = (trackerId: string, tenant?: string, remoteAddress?: string) =>
  get(ctx.app, `/api/v1/track?tracker_id=${encodeURIComponent(trackerId)}`, { tenant, remoteAddress });

describe('GET /api/v1/track', () => {
  it('answers the status in words without a session, and nothing personal', async () => {
    const { view } = await withBorrowerStep(ctx.app, LAKSHMI);
    const res = await track(view.tracker_id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Your application is being filled in by our officer.',
      data: {
        tracker_id: view.tracker_id,
        status: 'DRAFT',
        status_text: statusText('DRAFT'),
        updated_at: view.updated_at,
        kfs_number: null,
      },
    });
    // No name, phone, amount, PAN, address or id of the application anywhere in the answer.
    for (const secret of [LAKSHMI.name, 'LAKSHMI', view.phone, '100000', LAKSHMI.pan, 'Gandhi', view.id, LAKSHMI.aadhaar.slice(-4)]) {
      expect(res.raw.body).not.toContain(secret);
    }
  });

  it('follows the application through the workflow', async () => {
    const { id } = await applicationAt({ app: ctx.app, db: ctx.db, clock: ctx.clock }, 'PD1_REVIEW');
    const trackerId = (await rowOf(ctx.db, id)).tracker_id!;
    const res = await track(trackerId);
    expect(res.body.data).toMatchObject({ status: 'PD1_REVIEW', status_text: 'Your application is being corrected after a review.' });
  });

  it('404 for an unknown id and for another tenant’s', async () => {
    const { view } = await withBorrowerStep(ctx.app, LAKSHMI);
    expect((await track('SAH0000000000')).body).toEqual({
      success: false,
      message: 'No application was found with this tracker id.',
      status_code: 404,
    });
    expect((await track(view.tracker_id, 'acfl')).status).toBe(404);
  });

  it.each(['', 'SAH123', 'sah2601000001', 'SAH26010000011', 'SA12601000001', 'SAH2601000001 '])(
    "400 'Invalid external loan id' for %j",
    async (bad) => {
      expect((await track(bad)).body).toEqual({ success: false, message: 'Invalid external loan id', status_code: 400 });
    },
  );

  it('400 without a tracker id', async () => {
    expect((await get(ctx.app, '/api/v1/track')).body).toEqual({ success: false, message: 'Invalid external loan id', status_code: 400 });
  });

  it('limits the calls per client address and hour (429), shared by the API nodes through the database', async () => {
    const address = '203.0.113.9';
    for (let i = 0; i < TRACK_MAX_PER_ADDRESS_HOUR; i++) expect((await track('SAH0000000000', undefined, address)).status).toBe(404);
    const refused = await track('SAH0000000000', undefined, address);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many requests from this network. Please try again after 60 minutes.');
    expect((await track('SAH0000000000', undefined, '203.0.113.10')).status).toBe(404);
    ctx.clock.advance(HOUR + 1);
    expect((await track('SAH0000000000', undefined, address)).status).toBe(404);
  });
});
