import type { Db } from './client';
import { tenants, users } from './schema';
import { DEMO_USERS, TENANT_SEEDS } from './seed-data';

/**
 * Idempotent: inserts the tenants and the demo users of every tenant that are missing and
 * leaves existing rows (and any edits made to them) alone.
 */
export async function seedDatabase(db: Db): Promise<void> {
  await db
    .insert(tenants)
    .values([...TENANT_SEEDS])
    .onConflictDoNothing({ target: tenants.key });
  const rows = TENANT_SEEDS.flatMap((tenant) => DEMO_USERS.map((user) => ({ ...user, tenant_id: tenant.key })));
  await db
    .insert(users)
    .values(rows)
    .onConflictDoNothing({ target: [users.tenant_id, users.mobile] });
}
