import type { SahyogDb } from '../../db/db';
import { deleteDraft, loadDraft, saveDraft } from '../../db/drafts.repository';
import { newLocalId } from '../../db/ids';

/** Per application, the ids of new co-applicant forms opened but not yet submitted, per kind of form. */
const NEW_FORMS = 'co_applicant.new';

/** 'CO_BORROWER', 'GUARANTOR', or 'GUARANTOR:<rejected id>' for a replacement. */
export const newFormSlot = (type: string, rejectedGuarantorId: string) => (rejectedGuarantorId ? `${type}:${rejectedGuarantorId}` : type);

/**
 * The client id of a new co-applicant's form (also its server id, and the key of its draft and
 * files). Fixed when the form first opens; an unfinished form of the same kind is picked up again
 * the next time it is opened, so its draft and files are not left behind.
 */
export async function newCoApplicantId(db: SahyogDb, applicationLocalId: string, slot: string, taken: (id: string) => boolean): Promise<string> {
  const saved = (await loadDraft(db, NEW_FORMS, applicationLocalId)) ?? {};
  const previous = saved[slot];
  if (typeof previous === 'string' && !taken(previous)) return previous;
  const localId = newLocalId();
  await saveDraft(db, NEW_FORMS, { ...saved, [slot]: localId }, applicationLocalId);
  return localId;
}

/** After a submit: the record exists, so the next form of that kind starts a new one. */
export async function forgetNewCoApplicant(db: SahyogDb, applicationLocalId: string, localId: string): Promise<void> {
  const saved = await loadDraft(db, NEW_FORMS, applicationLocalId);
  if (!saved) return;
  const rest = Object.fromEntries(Object.entries(saved).filter(([, id]) => id !== localId));
  if (Object.keys(rest).length === 0) await deleteDraft(db, NEW_FORMS, applicationLocalId);
  else await saveDraft(db, NEW_FORMS, rest, applicationLocalId);
}
