import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenants } from '../../src/server/db/schema';
import { login, MEENA } from './helpers/auth-flow';
import { post } from './helpers/http';
import { offerInPd2 } from './helpers/kfs';
import { DAY, useTestApp } from './helpers/test-app';

// Issue 31: a Key Fact Statement is valid 3 working days (DECISIONS.md: Monday to Saturday, tenant
// holidays aside): the tenant's holidays (tenants.holidays) and the national holidays are skipped.
// The test clock starts on Thursday 15-01-2026 at 10:00 in India. One test alone in its file: a
// process keeps a tenant's pricing for 30 s, so the holidays are set before any offer is priced.

const ctx = useTestApp();

describe("the statement's validity counts the tenant's working days", () => {
  it('a tenant holiday on Friday 16-01-2026: valid until Tuesday; re-issued on Friday 23-01-2026, before Republic Day on a Monday: until Wednesday', async () => {
    await ctx.db
      .update(tenants)
      .set({ holidays: ['2026-01-16'] })
      .where(eq(tenants.key, 'sahyog'));
    const { id, offer } = await offerInPd2(ctx);
    // Thu 15: (Fri 16, the tenant's), Sat 17, (Sun 18), Mon 19, Tue 20.
    expect(offer).toMatchObject({ kfs_version: 1, kfs_valid_until: '2026-01-20' });

    ctx.clock.advance(8 * DAY);
    const bcm = await login(ctx.app, MEENA);
    const reissued = await post(ctx.app, '/api/v1/bureau/bre', { application_id: id, skip_cache: true }, { token: bcm });
    expect(reissued.status, reissued.body.message).toBe(200);
    // Fri 23: Sat 24, (Sun 25), (Mon 26, Republic Day), Tue 27, Wed 28.
    expect(reissued.body.data).toMatchObject({ kfs_version: 2, kfs_issued_at: '2026-01-23T04:30:00.000Z', kfs_valid_until: '2026-01-28' });
  });
});
