import { isObject } from '../../../domain/shared/is-object';
import { and, eq } from 'drizzle-orm';
import { basisDifferences, isSanctioned, type LoanOffer, type OfferBasis, type Tenant } from '../../../domain';
import type { Db, Tx } from '../../db/client';
import { applications, type ApplicationRow, type CoApplicantRow } from '../../db/schema';
import { recordEvent } from '../history';
import { listCoApplicantRows } from '../records';
import { breInputsOf } from './bre-inputs';
import { storedOffer, writeOfferIfUnchanged } from './offer-store';

/**
 * The accepted offer binds the application (issue 22 item 5): the acceptance records the state
 * the offer was computed on (offerBasisOf), and any later change of it voids the acceptance and
 * the borrower's acknowledgement, with the history saying why (voidStaleAcceptance). Every route
 * that changes that state voids in the transaction of its change: the application's PATCH, a
 * co-applicant's add, replace, update and bureau re-check, the field verification (CPV) and a
 * deviation's decision.
 * The offer opened and the final submit check again (voidIfStale), for a change made outside
 * the routes.
 */

type Data = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};
const deviationsIn = (data: Data, of: string | null) =>
  (Array.isArray(data.deviations) ? data.deviations : [])
    .filter((d): d is Data => isObject(d) && typeof d.type === 'string')
    .map((d) => ({ type: String(d.type), status: String(d.status ?? 'PENDING'), of }));

/** The application's state an acceptance is bound to; `coApplicants`, its co-applicants' rows where the caller has them. */
export async function offerBasisOf(
  db: Pick<Db, 'select'>,
  tenant: Tenant,
  row: ApplicationRow,
  coApplicants: () => Promise<CoApplicantRow[]> = () => listCoApplicantRows(db, tenant, row.id),
): Promise<OfferBasis> {
  const data = row.data;
  const co = await coApplicants();
  const inputs = breInputsOf(data);
  return {
    loan_type: str(data.loan_type),
    amount_requested: num(data.amount_requested),
    borrower: {
      name: str(data.name),
      pan: str(data.pan),
      phone: str(row.phone),
      date_of_birth: str(data.dob),
      gender: str(data.gender),
    },
    co_applicants: co.map((c) => ({ id: c.id, type: c.type, status: c.status, name: str(c.data.name), pan: str(c.data.pan) })),
    cpv: inputs.ok ? { ...inputs.value.business, ...inputs.value.house } : null,
    deviations: [...deviationsIn(data, null), ...co.flatMap((c) => deviationsIn(c.data, str(c.data.name)))],
  };
}

/**
 * Voids an accepted offer whose application changed since the acceptance (an approved one stands),
 * inside the transaction of the change that made it stale, so the change and the voiding commit
 * together: the acceptance and the acknowledgement are dropped, the reasons kept on the offer and
 * in the history. `row` is the application as the change left it (read or locked in `tx`);
 * `coApplicants`, its co-applicants' rows where the caller has read them.
 * Answers the reasons (empty: nothing changed). A concurrent writer of the offer wins quietly:
 * the next check sees its result.
 */
export async function voidStaleAcceptance(
  tx: Tx,
  tenant: Tenant,
  row: ApplicationRow,
  actorId: number,
  now: number,
  coApplicants?: () => Promise<CoApplicantRow[]>,
): Promise<string[]> {
  const offer = storedOffer(row);
  if (!offer?.is_accepted || isSanctioned(row.status)) return [];
  const acknowledged = !!offer.kfs_number && offer.acknowledgement?.kfs_number === offer.kfs_number;
  const reasons = !offer.accepted_basis
    ? ['the acceptance recorded no application state']
    : [
        ...(acknowledged ? [] : ["the acceptance has no borrower's acknowledgement of its Key Fact Statement"]),
        ...basisDifferences(offer.accepted_basis, await offerBasisOf(tx, tenant, row, coApplicants)),
      ];
  if (reasons.length === 0) return [];
  const { accepted_at: _a, accepted_basis: _b, ...rest } = offer;
  const voided: LoanOffer = { ...rest, is_accepted: false, acknowledgement: null, voided: { at: new Date(now).toISOString(), reasons } };
  const done = await writeOfferIfUnchanged(tx, tenant, row, { loan_offer: voided }, now);
  if (!done.ok) return [];
  await recordEvent(tx, {
    tenant,
    applicationId: row.id,
    at: now,
    actorId,
    action: 'OFFER_VOIDED',
    from: row.status,
    to: row.status,
    remarks: `The acceptance and the borrower's acknowledgement were voided: ${reasons.join('; ')}.`,
    detail: { kfs_number: offer.kfs_number ?? null, reasons },
  });
  return reasons;
}

/**
 * voidStaleAcceptance after a change made in `tx` to the application or to one of its records
 * (a co-applicant): the application is read as the change left it, locked for the rest of the
 * transaction. `before` is the application as the change found it, locked in the same
 * transaction: without an acceptance then, there is nothing to void and nothing is read.
 */
export async function voidStaleAcceptanceOf(
  tx: Tx,
  tenant: Tenant,
  applicationId: string,
  actorId: number,
  now: number,
  before?: Pick<ApplicationRow, 'data'>,
): Promise<string[]> {
  if (before && !storedOffer(before)?.is_accepted) return [];
  const [row] = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.tenant_id, tenant), eq(applications.id, applicationId)))
    .for('update');
  return row ? voidStaleAcceptance(tx, tenant, row, actorId, now) : [];
}

/**
 * The check made where the binding matters but nothing is being changed (the offer opened, a
 * final submit refused): an acceptance made stale by a write outside the routes is voided in a
 * transaction of its own. `before`, the application as read: without an acceptance, nothing more is read.
 */
export async function voidIfStale(
  db: Db,
  tenant: Tenant,
  applicationId: string,
  actorId: number,
  now: number,
  before?: Pick<ApplicationRow, 'data'>,
): Promise<string[]> {
  if (before && !storedOffer(before)?.is_accepted) return [];
  return db.transaction((tx) => voidStaleAcceptanceOf(tx, tenant, applicationId, actorId, now));
}
