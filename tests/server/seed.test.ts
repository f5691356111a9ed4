import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TENANTS } from '../../src/domain';
import { tenants, users } from '../../src/server/db/schema';
import { seedDatabase } from '../../src/server/db/seed';
import { useTestApp } from './helpers/test-app';

const ctx = useTestApp();

const snapshot = async () => (await ctx.db.select().from(users)).map((u) => `${u.tenant_id}/${u.id}/${u.mobile}/${u.first_name}`).sort();

describe('seedDatabase', () => {
  it('seeds the four tenants and the five demo users in every tenant', async () => {
    expect((await ctx.db.select().from(tenants)).map((t) => t.key).sort()).toEqual([...TENANTS].sort());
    for (const tenant of TENANTS) {
      const rows = await ctx.db.select().from(users).where(eq(users.tenant_id, tenant));
      expect(rows.map((u) => u.mobile).sort()).toEqual(['9000000001', '9000000002', '9000000003', '9000000004', '9000000005']);
    }
  });

  it('is idempotent: running it twice more changes nothing', async () => {
    const before = await snapshot();
    await seedDatabase(ctx.db);
    await seedDatabase(ctx.db);
    expect(await snapshot()).toEqual(before);
    expect(await ctx.db.select().from(tenants)).toHaveLength(4);
  });

  it('leaves edited rows alone', async () => {
    await ctx.db
      .update(users)
      .set({ first_name: 'Ravindra' })
      .where(and(eq(users.tenant_id, 'acfl'), eq(users.mobile, '9000000001')));
    await ctx.db.update(tenants).set({ theme_color: '#000000' }).where(eq(tenants.key, 'acfl'));
    await seedDatabase(ctx.db);
    const [ravi] = await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 'acfl'), eq(users.mobile, '9000000001')));
    expect(ravi!.first_name).toBe('Ravindra');
    const [acfl] = await ctx.db.select().from(tenants).where(eq(tenants.key, 'acfl'));
    expect(acfl!.theme_color).toBe('#000000');
  });

  it('restores a deleted demo user', async () => {
    await ctx.db.delete(users).where(and(eq(users.tenant_id, 'catfin'), eq(users.mobile, '9000000004')));
    await seedDatabase(ctx.db);
    const rows = await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 'catfin'), eq(users.mobile, '9000000004')));
    expect(rows).toHaveLength(1);
  });
});
