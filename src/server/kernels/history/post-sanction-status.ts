import { and, eq } from 'drizzle-orm';
import { checkPostSanctionMove, statusAfterSanctionSteps, type Tenant } from '../../../domain';
import type { Tx } from '../../db/client';
import { applications, type ApplicationRow } from '../../db/schema';
import { recordEvent } from './application-history';

/**
 * After the agreement's last signature or the mandate's registration (issue 33): records the step
 * on the application and moves it to the status both steps make together (in either order), with
 * the history. `row` is the application locked in `tx` (loadApplicationFor with forUpdate); answers the
 * status it is in afterwards.
 */
export async function recordSanctionStep(
  tx: Tx,
  tenant: Tenant,
  row: ApplicationRow,
  step: 'agreement-signed' | 'mandate-registered',
  actorId: number,
  now: number,
): Promise<string> {
  const at = new Date(now);
  const agreementSignedAt = step === 'agreement-signed' ? (row.agreement_signed_at ?? at) : row.agreement_signed_at;
  const mandateRegisteredAt = step === 'mandate-registered' ? (row.mandate_registered_at ?? at) : row.mandate_registered_at;
  const target = statusAfterSanctionSteps({ agreementSigned: !!agreementSignedAt, mandateRegistered: !!mandateRegisteredAt });
  const moves = target !== row.status && checkPostSanctionMove(row.status, target).ok;
  await tx
    .update(applications)
    .set({
      agreement_signed_at: agreementSignedAt,
      mandate_registered_at: mandateRegisteredAt,
      ...(moves ? { status: target, updated_at: at, resubmitted_at: null } : {}),
    })
    .where(and(eq(applications.tenant_id, tenant), eq(applications.id, row.id)));
  if (!moves) return row.status;
  await recordEvent(tx, { tenant, applicationId: row.id, at: now, actorId, action: 'MOVED', from: row.status, to: target });
  return target;
}
