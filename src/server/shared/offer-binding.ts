import { and, eq } from 'drizzle-orm';
import { basisDifferences, type LoanOffer, type OfferBasis, type Tenant } from '../../domain';
import type { Db } from '../db/client';
import { applications, type ApplicationRow } from '../db/schema';
import { transact } from '../db/transact';
import { recordEvent } from './application-history';
import { accept } from '../outcome';
import { listCoApplicantRows } from './application-records';
import { breInputsOf } from './bre-inputs';
import { storedOffer, writeOfferIfUnchanged } from './offer-store';

/**
 * The accepted offer binds the application (issue 22 item 5): the acceptance records the state
 * the offer was computed on (offerBasisOf), and any later change of it voids the acceptance and
 * the borrower's acknowledgement, with the history saying why (voidStaleAcceptance). The check is
 * made where the binding matters: after every change made through the application's PATCH, when
 * the offer is opened, and before the final submit, so a change made through any other route
 * (a co-applicant, the field verification) is caught before the application can be approved.
 */

type Data = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};
const deviationsIn = (data: Data, of: string | null) =>
  (Array.isArray(data.deviations) ? data.deviations : [])
    .filter((d): d is Data => typeof d === 'object' && d !== null && typeof (d as Data).type === 'string')
    .map((d) => ({ type: String(d.type), status: String(d.status ?? 'PENDING'), of }));

/** The application's state an acceptance is bound to. */
export async function offerBasisOf(db: Pick<Db, 'select'>, tenant: Tenant, row: ApplicationRow): Promise<OfferBasis> {
  const data = row.data;
  const co = await listCoApplicantRows(db, tenant, row.id);
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
 * Voids an accepted offer whose application changed since the acceptance (an approved one stands):
 * the acceptance and the acknowledgement are dropped, the reasons kept on the offer and in the
 * history. Answers the reasons (empty: nothing changed). A concurrent writer wins quietly: the
 * next check sees its result.
 */
export async function voidStaleAcceptance(db: Db, tenant: Tenant, row: ApplicationRow, actorId: number, now: number): Promise<string[]> {
  const offer = storedOffer(row);
  if (!offer?.is_accepted || row.status === 'APPROVED') return [];
  const acknowledged = !!offer.kfs_number && offer.acknowledgement?.kfs_number === offer.kfs_number;
  const reasons = !offer.accepted_basis
    ? ['the acceptance recorded no application state']
    : [
        ...(acknowledged ? [] : ["the acceptance has no borrower's acknowledgement of its Key Fact Statement"]),
        ...basisDifferences(offer.accepted_basis, await offerBasisOf(db, tenant, row)),
      ];
  if (reasons.length === 0) return [];
  const { accepted_at: _a, accepted_basis: _b, ...rest } = offer;
  const voided: LoanOffer = { ...rest, is_accepted: false, acknowledgement: null, voided: { at: new Date(now).toISOString(), reasons } };
  await transact(db, async (tx) => {
    const done = await writeOfferIfUnchanged(tx, tenant, row, { loan_offer: voided }, now);
    if (!done.ok) return done;
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
    return accept(null);
  });
  return reasons;
}

/** voidStaleAcceptance for an application by id (after a change made through it). */
export async function voidStaleAcceptanceOf(
  db: Db,
  tenant: Tenant,
  applicationId: string,
  actorId: number,
  now: number,
): Promise<string[]> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.tenant_id, tenant), eq(applications.id, applicationId)));
  return row ? voidStaleAcceptance(db, tenant, row, actorId, now) : [];
}
