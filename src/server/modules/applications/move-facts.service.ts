import type { KeyRing } from '../../providers/kms/kms-provider';
import type { CpvPlaceFact, DeviationFact, MoveFacts, MoveRequirement, WorkflowMove } from '../../../domain/policy/review-workflow';
import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import type { ApplicationRow } from '../../db/schema';
import { changedSince, lastMoveInto } from '../../kernels/history';
import { offerBasisOf, storedOffer } from '../../kernels/offers';
import { basisDifferences } from '../../../domain';
import type { MoveRecords } from './move-records';
import { objectOrNull } from '../../../domain/shared/is-object';
import { verificationFactsOf } from './verification-facts.service';

type Data = Record<string, unknown>;

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

const deviationsIn = (data: Data, of: string | null = null): DeviationFact[] =>
  (Array.isArray(data.deviations) ? data.deviations : [])
    .map(objectOrNull)
    .filter((d): d is Data => d !== null && typeof d.type === 'string')
    .map((d) => ({ type: String(d.type), status: String(d.status ?? 'PENDING'), of }));

/** A CPV place (data.app_mfi_cpv_info, issue 12): present, and whether its selfie with BCM is there. */
function cpvPlace(data: Data, place: 'business_place' | 'residence'): CpvPlaceFact {
  const value = objectOrNull(objectOrNull(data.app_mfi_cpv_info)?.[place]);
  if (!value) return null;
  return { selfie: filled(place === 'business_place' ? value.shop_selfie_photo_file : value.house_selfie_photo_file) };
}

/** The offer as the moves read it; for the final submit, whether the acceptance still holds (offer-binding.ts). */
async function loanOfferOf(
  db: Pick<Db, 'select'>,
  tenant: Tenant,
  application: ApplicationRow,
  data: Data,
  bound: boolean,
  records: MoveRecords,
): Promise<MoveFacts['loanOffer']> {
  const offer = storedOffer({ data });
  if (!offer) return null;
  const facts = {
    decision: typeof offer.decision === 'string' ? offer.decision : null,
    isAccepted: offer.is_accepted === true,
    voided: offer.voided?.reasons ?? null,
  };
  if (!bound || !facts.isAccepted) return facts;
  const now = await offerBasisOf(db, tenant, { ...application, data }, records.coApplicants);
  return {
    ...facts,
    acknowledged: !!offer.kfs_number && offer.acknowledgement?.kfs_number === offer.kfs_number,
    differences: offer.accepted_basis ? basisDifferences(offer.accepted_basis, now) : ['the acceptance recorded no application state'],
  };
}

const needs = (move: WorkflowMove, ...requirements: MoveRequirement[]) => requirements.some((r) => move.requires.includes(r));

/**
 * What the server knows about an application for a move (review-workflow.ts MoveFacts), read
 * only as far as the move needs: `data` is the application's data as the update will leave it;
 * `records`, the move's co-applicants and family members, read once (move-records.ts).
 */
export async function moveFactsOf(
  db: Pick<Db, 'select'>,
  tenant: Tenant,
  application: ApplicationRow,
  data: Data,
  remarks: string | null | undefined,
  move: WorkflowMove,
  aadhaarKey: KeyRing,
  records: MoveRecords,
): Promise<MoveFacts> {
  const pd1 = needs(move, 'PD1_CAPTURED');
  const coRows = pd1 ? (await records.coApplicants()).filter((row) => row.status === 'ACTIVE') : [];
  const reviewAt = needs(move, 'CHANGED_SINCE_REVIEW') ? await lastMoveInto(db, tenant, application.id, application.status) : null;
  return {
    stages: application.stage,
    loanType: typeof data.loan_type === 'string' ? data.loan_type : null,
    verifications: pd1
      ? verificationFactsOf(data, coRows, aadhaarKey)
      : { mobile: true, aadhaar: true, pan: true, voterId: true, gender: null, coApplicants: [] },
    deviations: pd1
      ? [
          ...deviationsIn(data),
          ...coRows.flatMap((row) => deviationsIn(row.data, typeof row.data.name === 'string' ? row.data.name : null)),
        ]
      : [],
    cpv: { businessPlace: cpvPlace(data, 'business_place'), residence: cpvPlace(data, 'residence') },
    loanOffer: await loanOfferOf(db, tenant, application, data, needs(move, 'OFFER_ACCEPTED'), records),
    remarks,
    changedSinceReview: reviewAt ? await changedSince(db, tenant, application, reviewAt, records) : false,
    resubmitted: application.resubmitted_at !== null,
  };
}
