import { and, eq } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Tx } from '../../db/client';
import { mandates, type ApplicationRow } from '../../db/schema';

/** The UMRN of the application's registered e-NACH mandate (at most one, by the database), for the loan.disbursed event. */
export async function mandateUmrnOf(tx: Tx, tenant: Tenant, row: Pick<ApplicationRow, 'id'>): Promise<string | null> {
  const [registered] = await tx
    .select({ umrn: mandates.umrn })
    .from(mandates)
    .where(and(eq(mandates.tenant_id, tenant), eq(mandates.application_id, row.id), eq(mandates.state, 'REGISTERED')));
  return registered?.umrn ?? null;
}
