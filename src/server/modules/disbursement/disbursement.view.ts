import { and, count, desc, eq, ne } from 'drizzle-orm';
import { formatIsoDate, maskAccount, parseDate, addDays, toRupees, type DisbursementView, type Tenant } from '../../../domain';
import type { Db, Tx } from '../../db/client';
import { disbursements, type ApplicationRow, type DisbursementRow } from '../../db/schema';
import { storedOffer } from '../../kernels/offers';

type Reader = Pick<Db, 'select'> | Tx;

/** The application's live payout (REQUESTED, PENDING or PAID): at most one, by the partial unique index. */
export async function livePayoutOf(db: Reader, tenant: Tenant, applicationId: string, forUpdate = false) {
  const query = db
    .select()
    .from(disbursements)
    .where(and(eq(disbursements.tenant_id, tenant), eq(disbursements.application_id, applicationId), ne(disbursements.state, 'FAILED')));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The latest attempt, whatever its state. */
export async function latestPayoutOf(db: Reader, tenant: Tenant, applicationId: string) {
  const [row] = await db
    .select()
    .from(disbursements)
    .where(and(eq(disbursements.tenant_id, tenant), eq(disbursements.application_id, applicationId)))
    .orderBy(desc(disbursements.attempt))
    .limit(1);
  return row;
}

export async function failedAttempts(db: Reader, tenant: Tenant, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(disbursements)
    .where(and(eq(disbursements.tenant_id, tenant), eq(disbursements.application_id, applicationId), eq(disbursements.state, 'FAILED')));
  return Number(row?.n ?? 0);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The cooling-off period's last day: the tenant's days (kept on the offer) after the actual payout date. */
export function coolingOffLastDay(application: Pick<ApplicationRow, 'data'>, payout: Pick<DisbursementRow, 'final_schedule'>) {
  const paidOn = parseDate((payout.final_schedule as { disbursement_date?: string } | null)?.disbursement_date);
  if (!paidOn) return null;
  const days = storedOffer(application as ApplicationRow)?.disclosures?.cooling_off_days ?? 3;
  return formatIsoDate(addDays(paidOn, days));
}

/** What GET /:id/disbursement answers for the application and its latest attempt. */
export function disbursementView(
  application: ApplicationRow,
  payout: DisbursementRow | undefined,
  failed: number,
  planned: DisbursementView['planned'] = null,
): DisbursementView {
  return {
    planned,
    state: payout ? (payout.state as DisbursementView['state']) : 'NONE',
    application_status: application.status,
    reference: payout?.reference ?? null,
    amount: payout ? toRupees(payout.amount_paise) : null,
    account: payout ? maskAccount(payout.account_number) : null,
    ifsc: payout?.ifsc ?? null,
    beneficiary_name: payout?.beneficiary_name ?? null,
    disbursement_date: payout?.disbursement_date ?? null,
    utr: payout?.utr ?? null,
    requested_at: iso(payout?.requested_at ?? null),
    requested_by: payout?.requested_by ?? null,
    approved_at: iso(payout?.approved_at ?? null),
    approved_by: payout?.approved_by ?? null,
    settled_at: iso(payout?.settled_at ?? null),
    failure_reason: payout?.failure_reason ?? null,
    failed_attempts: failed,
    cooling_off_last_day: payout?.state === 'PAID' ? coolingOffLastDay(application, payout) : null,
    cancelled: application.status === 'CANCELLED',
  };
}
