import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { CREATOR_DESIGNATION, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { applications, type UserRow } from '../../db/schema';

/** A relationship officer counts the applications they created; everyone else, the tenant's. */
export async function countApplications(db: Db, tenant: Tenant, user: Pick<UserRow, 'id' | 'mfi_employee'>): Promise<number> {
  const ownOnly = user.mfi_employee === CREATOR_DESIGNATION;
  const [row] = await db
    .select({ count: count() })
    .from(applications)
    .where(and(eq(applications.tenant_id, tenant), ownOnly ? eq(applications.created_by, user.id) : undefined));
  return row?.count ?? 0;
}

export async function findApplication(db: Db, tenant: Tenant, id: string) {
  const [row] = await db.select().from(applications).where(and(eq(applications.tenant_id, tenant), eq(applications.id, id)));
  return row;
}

export async function createDraftApplication(
  db: Pick<Db, 'insert'>,
  tenant: Tenant,
  createdBy: number,
  now: number,
  data: Record<string, unknown> = {},
): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const at = new Date(now);
  await db.insert(applications).values({ tenant_id: tenant, id, created_by: createdBy, status: 'DRAFT', data, created_at: at, updated_at: at });
  return id;
}
