import { and, asc, eq, inArray } from 'drizzle-orm';
import { DEVICE_HOLDERS, type Designation, type StaffMember, type Tenant } from '../../../domain';
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

/** At most this many staff in one answer: a branch's, far more than any branch has. */
export const STAFF_LIST_LIMIT = 500;

/**
 * The tenant's staff whose phones carry borrower data (DEVICE_HOLDERS), by name: the list a branch
 * manager opens to mark a device lost. Users carry no branch yet, so a tenant is one branch.
 */
export async function staffOfTenant(db: Db, tenant: Tenant): Promise<StaffMember[]> {
  const rows = await db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      mobile: users.mobile,
      designation: users.mfi_employee,
    })
    .from(users)
    .where(and(eq(users.tenant_id, tenant), eq(users.role, 'MFI_EMPLOYEE'), inArray(users.mfi_employee, [...DEVICE_HOLDERS])))
    .orderBy(asc(users.first_name), asc(users.last_name), asc(users.id))
    .limit(STAFF_LIST_LIMIT);
  // The where clause admits only DEVICE_HOLDERS' designations.
  return rows.map((row) => ({ ...row, designation: row.designation as Designation }));
}
