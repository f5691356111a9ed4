import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, users } from '../../src/server/db/schema';
import { ARJUN, KAVITA, login, MEENA, RAVI, SURESH } from './helpers/auth-flow';
import { get } from './helpers/http';
import { T0, useTestApp } from './helpers/test-app';

const ctx = useTestApp();

async function addApplications(tenant: string, mobile: string, n: number) {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.tenant_id, tenant), eq(users.mobile, mobile)));
  for (let i = 0; i < n; i++) {
    await ctx.db.insert(applications).values({
      tenant_id: tenant,
      id: randomBytes(16).toString('hex'),
      created_by: user!.id,
      created_at: new Date(T0),
      updated_at: new Date(T0),
    });
  }
}

const count = async (mobile: string, tenant?: string) =>
  get(ctx.app, '/api/v1/app/mfi/count', { token: await login(ctx.app, mobile, tenant), tenant });

describe('GET /api/v1/app/mfi/count', () => {
  it('is 0 with no applications', async () => {
    const res = await count(RAVI);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { count: 0 } });
  });

  it('counts a relationship officer’s (or an AGENT’s) own applications and the whole tenant’s for the reviewers', async () => {
    await addApplications('sahyog', RAVI, 2);
    await addApplications('sahyog', MEENA, 1);
    await addApplications('acfl', RAVI, 4);
    expect((await count(RAVI)).body.data).toEqual({ count: 2 });
    expect((await count(MEENA)).body.data).toEqual({ count: 3 });
    expect((await count(ARJUN)).body.data).toEqual({ count: 3 });
    expect((await count(KAVITA)).body.data).toEqual({ count: 0 }); // an AGENT creates none and sees no one else's
    expect((await count(RAVI, 'acfl')).body.data).toEqual({ count: 4 });
    expect((await count(MEENA, 'acfl')).body.data).toEqual({ count: 4 });
    expect((await count(MEENA, 'catfin')).body.data).toEqual({ count: 0 });
  });

  it('refuses an employee whose designation is none of the three', async () => {
    const res = await count(SURESH);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, message: 'You are not allowed to do this.', status_code: 403 });
  });

  it('needs a token', async () => {
    const res = await get(ctx.app, '/api/v1/app/mfi/count');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Session expired. Please log in again.');
  });
});
