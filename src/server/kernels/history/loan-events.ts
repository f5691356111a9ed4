import { randomUUID } from 'node:crypto';
import type { Tenant } from '../../../domain';
import type { Tx } from '../../db/client';
import { loanEvents } from '../../db/schema';

export type LoanEventType = 'loan.disbursed' | 'loan.cancelled';

/**
 * Records an event for the lender's loan-management system inside the transaction of the change
 * it reports (issue 34's transactional outbox); the webhooks module delivers it. Answers its id.
 */
export async function recordLoanEvent(
  tx: Tx,
  tenant: Tenant,
  event: { type: LoanEventType; applicationId: string; at: number; payload: Record<string, unknown> },
): Promise<string> {
  const id = randomUUID();
  await tx.insert(loanEvents).values({
    tenant_id: tenant,
    id,
    type: event.type,
    application_id: event.applicationId,
    created_at: new Date(event.at),
    payload: event.payload,
  });
  return id;
}
