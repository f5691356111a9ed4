import type { SahyogDb } from '../../db/db';
import { deleteDraft, loadDraft, saveDraft } from '../../db/drafts.repository';
import { newLocalId } from '../../db/ids';
import type { LocalRecord } from '../../db/records';

/** Remembers, per application, the id of the new member whose form was opened but not submitted. */
const NEW_MEMBER_FORM = 'family_member.new';

/**
 * The client id of a new member's form. It is fixed when the form first opens, because the
 * member's draft and files are kept under it; a new form left unfinished is picked up again
 * the next time 'Add' is opened, instead of leaving its draft and files behind.
 */
export async function newMemberId(db: SahyogDb, applicationLocalId: string, members: readonly LocalRecord[]): Promise<string> {
  const saved = await loadDraft(db, NEW_MEMBER_FORM, applicationLocalId);
  const previous = typeof saved?.localId === 'string' ? saved.localId : undefined;
  if (previous && !members.some((member) => member.localId === previous)) return previous;
  const localId = newLocalId();
  await saveDraft(db, NEW_MEMBER_FORM, { localId }, applicationLocalId);
  return localId;
}

/** After a submit: the member exists, so the next 'Add' starts a new one. */
export async function forgetNewMember(db: SahyogDb, applicationLocalId: string, localId: string): Promise<void> {
  const saved = await loadDraft(db, NEW_MEMBER_FORM, applicationLocalId);
  if (saved?.localId === localId) await deleteDraft(db, NEW_MEMBER_FORM, applicationLocalId);
}
