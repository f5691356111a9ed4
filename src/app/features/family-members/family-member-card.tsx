import { GENDER_CODES, toDisplayDate } from '../../../domain';
import { RecordCard, recordSyncOf } from '../../components/record-card';
import type { LocalRecord } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { familyText } from './family-members.text';

type Props = {
  member: LocalRecord;
  /** The link to the member's form. */
  editPath: string;
  /** The server's message of a refused submit, when the member needs attention. */
  problem?: string;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A member's card: name, date of birth / gender, sync state and decision. The server does not
 * review family members: once it holds one (it answered a submit), it has accepted it.
 */
export function FamilyMemberCard({ member, editPath, problem }: Props) {
  const { t } = useFeatureT(familyText);
  const values = { ...member.server, ...member.values };
  const name = text(values.name) || '—';
  const gender = text(values.gender);
  const genderLabel = (GENDER_CODES as readonly string[]).includes(gender)
    ? t(`family.gender.${gender as (typeof GENDER_CODES)[number]}`)
    : gender;
  const dob = toDisplayDate(text(values.dob)) ?? text(values.dob);
  const accepted = member.syncState === 'synced' || member.server !== undefined;
  return (
    <RecordCard
      id={`family-member-${member.localId}`}
      title={name}
      details={[t('family.dobGender', { dob: dob || '—', gender: genderLabel || '—' })]}
      sync={recordSyncOf(member.syncState)}
      problem={problem}
      decision={accepted ? 'accepted' : 'pending'}
      editTo={editPath}
    />
  );
}
