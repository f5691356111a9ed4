import { and, eq, sql } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { applications } from '../../db/schema';

/**
 * What the public track may tell of an application of the tenant: its status, when it last
 * changed, and the number of the Key Fact Statement the borrower acknowledged (the borrower holds
 * it in an SMS; issue 22 item 6), nothing personal.
 */
export async function findTracked(db: Pick<Db, 'select'>, tenant: Tenant, trackerId: string) {
  const [row] = await db
    .select({
      tracker_id: applications.tracker_id,
      status: applications.status,
      updated_at: applications.updated_at,
      // Only what says where a self-application stands (public flow), never anything personal.
      self: sql<
        Record<string, unknown>
      >`jsonb_build_object('source', ${applications.data}->'source', 'self_submitted_at', ${applications.data}->'self_submitted_at', 'taken_over_by', ${applications.data}->'taken_over_by')`,
      kfs_number: sql<
        string | null
      >`case when ${applications.data} #>> '{loan_offer,acknowledgement,kfs_number}' = ${applications.data} #>> '{loan_offer,kfs_number}' then ${applications.data} #>> '{loan_offer,kfs_number}' end`,
    })
    .from(applications)
    .where(and(eq(applications.tenant_id, tenant), eq(applications.tracker_id, trackerId)));
  return row;
}
