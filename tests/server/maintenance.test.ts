import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens, otpSends, otpSessions, smsOutbox } from '../../src/server/db/schema';
import { runMaintenance } from '../../src/server/maintenance';
import { login, RAVI, startOtp } from './helpers/auth-flow';
import { get } from './helpers/http';
import { HOUR, useTestApp } from './helpers/test-app';

const ctx = useTestApp();
const rows = async (table: typeof otpSends | typeof otpSessions | typeof smsOutbox | typeof authTokens) =>
  (await ctx.db.select({ n: count() }).from(table))[0]!.n;

describe('maintenance of login records', () => {
  it('keeps what is still needed and removes what is not', async () => {
    const token = await login(ctx.app, RAVI);
    await startOtp(ctx.app, '9000000002');
    ctx.clock.advance(HOUR);
    await runMaintenance(ctx.app, ctx.app.storage);
    // Within the hour the send counts still limit; sessions, SMS and the live token stay.
    expect(await rows(otpSends)).toBe(2);
    expect(await rows(otpSessions)).toBe(2);
    expect((await get(ctx.app, '/api/v1/user/me', { token })).status).toBe(200);

    ctx.clock.advance(2 * HOUR);
    await runMaintenance(ctx.app, ctx.app.storage);
    expect(await rows(otpSends)).toBe(0);
    expect(await rows(otpSessions)).toBe(2);

    ctx.clock.advance(24 * HOUR);
    await runMaintenance(ctx.app, ctx.app.storage);
    expect(await rows(otpSessions)).toBe(0);
    expect(await rows(smsOutbox)).toBe(2);
    expect(await rows(authTokens)).toBe(1);

    ctx.clock.advance(45 * 24 * HOUR);
    await runMaintenance(ctx.app, ctx.app.storage);
    expect(await rows(smsOutbox)).toBe(0);
    expect(await rows(authTokens)).toBe(0);
  });
});

describe('maintenance of the embedded database', () => {
  // The test app names no DATABASE_URL, so it is the embedded database's case (on PostgreSQL too).
  it('vacuums and analyses it, since PGlite runs no autovacuum', async () => {
    const { vacuumed } = await runMaintenance(ctx.app, ctx.app.storage);
    expect(vacuumed).toBe(true);
    const { rows: stats } = await ctx.db.execute<{ analysed: boolean }>(
      sql`select last_analyze is not null and last_vacuum is not null as analysed from pg_stat_user_tables where relname = 'applications'`,
    );
    expect(stats[0]?.analysed).toBe(true);
  });
});
