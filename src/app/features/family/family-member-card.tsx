import { Link } from 'react-router-dom';
import { GENDER_CODES, toDisplayDate } from '../../../domain';
import type { LocalRecord } from '../../db/records';
import { useT } from '../../i18n/use-t';

type Props = {
  member: LocalRecord;
  /** The link to the member's form. */
  editPath: string;
  /** The server's message of a refused submit, when the member needs attention. */
  problem?: string;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A member's card: name, date of birth / gender, and whether the server has it yet. */
export function FamilyMemberCard({ member, editPath, problem }: Props) {
  const { t, tm } = useT();
  const values = { ...member.server, ...member.values };
  const name = text(values.name) || '—';
  const gender = text(values.gender);
  const genderLabel = (GENDER_CODES as readonly string[]).includes(gender) ? t(`family.gender.${gender as (typeof GENDER_CODES)[number]}`) : gender;
  const dob = toDisplayDate(text(values.dob)) ?? text(values.dob);
  const titleId = `family-member-${member.localId}`;
  const state = member.syncState === 'synced' ? 'synced' : member.syncState === 'needs_attention' ? 'attention' : 'waiting';
  const syncText =
    state === 'synced'
      ? t('family.synced')
      : state === 'attention'
        ? problem
          ? t('family.needsAttention', { message: tm(problem) })
          : t('family.needsAttentionNoMessage')
        : t('family.waiting');
  return (
    <article className={`family-card family-card--${state}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="family-card__name">
        {name}
      </h2>
      <p className="family-card__meta">{t('family.dobGender', { dob: dob || '—', gender: genderLabel || '—' })}</p>
      <p className={`family-card__sync family-card__sync--${state}`}>{syncText}</p>
      <Link to={editPath} className="button button--secondary family-card__edit" aria-label={t('family.editNamed', { name })}>
        {t('family.edit')}
      </Link>
    </article>
  );
}
