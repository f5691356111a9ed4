import type { Tenant } from '../../domain';
import type { Tx } from '../db/client';
import type { ApplicationRow } from '../db/schema';

/**
 * The UMRN of the application's registered e-NACH mandate, for the loan.disbursed event.
 *
 * INTEGRATION POINT: the mandate table comes with issue 33 (another branch). Until it is wired,
 * this reads `data.mandate.umrn` if present and answers null otherwise. At merge, replace the body
 * with a read of the registered mandate of (tenant, application) in `tx`.
 */
export async function mandateUmrnOf(_tx: Tx, _tenant: Tenant, row: Pick<ApplicationRow, 'data'>): Promise<string | null> {
  const mandate = row.data.mandate as { umrn?: unknown } | undefined;
  return typeof mandate?.umrn === 'string' ? mandate.umrn : null;
}
