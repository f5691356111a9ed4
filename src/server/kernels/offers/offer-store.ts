import { and, eq, sql } from 'drizzle-orm';
import type { LoanOffer, Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { applications, type ApplicationRow } from '../../db/schema';
import { accept, refuse, type Outcome } from '../../outcome';
import { objectOrNull } from '../../../domain/shared/is-object';
import { said } from '../messages';

/**
 * The loan offer kept in `applications.data.loan_offer`: read, and written only if the
 * application is still as it was read. The loan offer module and the acceptance's binding
 * (offer-binding.ts) both write it.
 */

type Data = Record<string, unknown>;

export const storedOffer = (row: Pick<ApplicationRow, 'data'>): LoanOffer | null => objectOrNull(row.data.loan_offer) as LoanOffer | null;

export const OFFER_CHANGED = said('text.theApplicationChangedWhileTheLoan');

/**
 * Writes `values` into the application's data if it is still as it was read (same status, same
 * stored offer): a compare-and-set in one statement instead of a transaction holding the row, so
 * two writers (a double tap on Accept, two reviewers) cannot both win; the loser is told to try again.
 */
export async function writeOfferIfUnchanged(
  db: Pick<Db, 'update'>,
  tenant: Tenant,
  row: ApplicationRow,
  values: Data,
  now: number,
  status?: string,
): Promise<Outcome<null>> {
  const previous = row.data.loan_offer;
  const sameOffer =
    previous === undefined || previous === null
      ? sql`${applications.data} -> 'loan_offer' is null`
      : sql`${applications.data} -> 'loan_offer' = ${JSON.stringify(previous)}::jsonb`;
  const written = await db
    .update(applications)
    .set({
      data: sql`${applications.data} || ${JSON.stringify(values)}::jsonb`,
      ...(status ? { status } : {}),
      updated_at: new Date(now),
    })
    .where(and(eq(applications.tenant_id, tenant), eq(applications.id, row.id), eq(applications.status, row.status), sameOffer))
    .returning({ id: applications.id });
  return written.length === 1 ? accept(null) : refuse(409, OFFER_CHANGED);
}
