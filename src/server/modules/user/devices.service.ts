import { and, eq } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** Whether `id` is a user of this tenant (another tenant's is answered as not found). */
export async function userOfTenant(db: Db, tenant: Tenant, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenant_id, tenant), eq(users.id, id)))
    .limit(1);
  return rows.length > 0;
}
