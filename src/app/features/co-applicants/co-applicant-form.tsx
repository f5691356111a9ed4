import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { coApplicantSchema, refusedWhenBlank, type CalendarDate } from '../../../domain';
import { ErrorBanner } from '../../components/error-banner';
import { DraftStatus, fieldElement, useShowFirstError } from '../../components/form';
import { useOnline } from '../../components/use-online';
import { useFeatureT } from '../../i18n/feature-text';
import { isGuestSession } from '../../session/session.storage';
import { CoApplicantAddress } from './co-applicant-address';
import { CoApplicantDocuments } from './co-applicant-documents';
import {
  CO_APPLICANT_DOCUMENTS,
  coApplicantBinding,
  coApplicantInputId,
  recordFileField,
  type CoApplicantField,
} from './co-applicant-fields';
import { CoApplicantIdentity } from './co-applicant-identity';
import { CoApplicantPersonal } from './co-applicant-personal';
import { useAfterAnswer } from './use-after-answer';
import { useCoApplicantForm, type CoApplicantDraft, type SubmitTarget } from './use-co-applicant-form';
import { isNameMismatch, panVerified, useIdentityChecks, voterVerified } from './use-identity-checks';
import { useRecordAnswer } from './use-record-answer';
import { coApplicantsText } from './co-applicants.text';

const ERROR_ID = 'co-applicant-error';
const MISMATCH_ID = 'co-applicant-mismatch';
const GATE_ID = 'co-applicant-verify-first';

type Props = {
  target: SubmitTarget;
  start: CoApplicantDraft;
  /** The application's server id (in the URL). */
  serverId: string;
  /** The application is on the server: the online checks can name it. */
  serverKnown: boolean;
  /** The PD1 role: Submit waits for the verified PAN online (spec 02 §5). */
  creator: boolean;
  today: CalendarDate;
};

/** The co-borrower / guarantor form: documents, identity checks, personal details, address, Submit. */
export function CoApplicantForm({ target, start, serverId, serverKnown, creator, today }: Props) {
  const { t } = useFeatureT(coApplicantsText);
  const online = useOnline();
  const co = useCoApplicantForm(target, start, today);
  const identity = useIdentityChecks(serverKnown ? serverId : undefined, start.checks, co.setChecks);
  const answer = useRecordAnswer(target.localId, co.submittedAt);
  const { control, getValues } = co.form;
  const values = co.form.watch();
  // The documents Submit needs, marked before it (issue 31 N14): a co-borrower not male's voter ID too.
  const required = refusedWhenBlank(
    coApplicantSchema(today),
    values,
    CO_APPLICANT_DOCUMENTS.map((doc) => doc.field),
  );
  const canVerify = online && serverKnown;
  const needsVerification = canVerify && creator && !target.update;
  const voterRequired = values.type === 'CO_BORROWER' && values.gender !== '' && values.gender !== 'MALE';
  const verified = panVerified(identity.checks, values.pan) && (!voterRequired || voterVerified(identity.checks, values.voter_id));
  const mismatch = isNameMismatch(identity.checks, values.name);
  const invalidField = co.error?.field;

  useShowFirstError(co.refusals, () => ({
    focus: invalidField
      ? fieldElement(coApplicantInputId(invalidField as CoApplicantField), recordFileField(target.localId, invalidField))
      : null,
  }));

  useAfterAnswer({ answer, serverId, localId: target.localId, typeTyped: () => getValues('type'), reopen: co.reopen });

  /** Online, for the creator's new record: verified PAN (and voter ID when required), then the name match. */
  const gate = async () => {
    if (!verified) return 'unverified' as const;
    const name = getValues('name');
    const known = isNameMismatch(identity.checks, name);
    const after = await identity.ensureNameMatch(name);
    return isNameMismatch(after, name) && !known ? ('mismatch' as const) : ('ok' as const);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void co.submit(needsVerification ? gate : undefined);
  };

  const sending = co.submittedAt !== null && answer.kind !== 'refused';
  const bound = coApplicantBinding(control, (name) => (invalidField === name ? co.error?.message : undefined), ERROR_ID);
  // The borrower applying herself reads plain words; the staff keep theirs.
  const guest = isGuestSession();
  const buttonLabel = mismatch
    ? t(guest ? 'coApp.continueGuest' : 'coApp.continueDeviation')
    : target.replacing
      ? t('coApp.replaceGuarantor')
      : t('coApp.submit');

  return (
    <form className="co-applicant-form" noValidate aria-busy={sending || undefined} onSubmit={submit}>
      <CoApplicantIdentity
        control={control}
        values={values}
        checks={identity.checks}
        busy={identity.busy}
        canVerify={canVerify}
        typeFixed={!!target.replacing || target.update}
        error={co.error}
        errorId={ERROR_ID}
        onVerifyPan={() => void identity.checkPan(getValues('pan'), getValues('name'))}
        onVerifyVoter={() => void identity.checkVoter(getValues('voter_id'), getValues('name'))}
      />
      <CoApplicantPersonal
        bound={bound}
        dob={values.dob}
        today={today}
        dobError={invalidField === 'dob' || invalidField === 'age' ? co.error?.message : undefined}
      />
      <CoApplicantAddress bound={bound} form={co.form} />
      <CoApplicantDocuments target={target} creator={creator} invalidField={invalidField} required={required} />
      {mismatch && (
        <p id={MISMATCH_ID} className="co-applicant-warning" role="alert">
          {t(guest ? 'coApp.nameMismatchGuest' : 'coApp.nameMismatch')}
        </p>
      )}
      <ErrorBanner id={ERROR_ID} message={co.error?.message} />
      <DraftStatus error={co.saveError} />
      <p className="field-note" role="status">
        {sending ? t('coApp.sending') : ''}
      </p>
      {!online && <p className="field-note">{t('coApp.offlineNote')}</p>}
      {needsVerification && !verified && (
        <p id={GATE_ID} className="field-note">
          {t('coApp.verifyFirst')}
        </p>
      )}
      {/* The back link where every step form has it (issue 21 D18): first in the actions row. */}
      <div className="family-form__actions co-applicant-form__actions">
        <Link to={`/application/co-applicants?id=${serverId}`} className="button button--secondary">
          {t('coApp.back')}
        </Link>
        <button
          type="submit"
          className="button button--primary co-applicant-form__submit"
          disabled={co.busy || sending || identity.busy !== null || (needsVerification && !verified)}
          aria-describedby={[needsVerification && !verified && GATE_ID, mismatch && MISMATCH_ID].filter(Boolean).join(' ') || undefined}
        >
          {buttonLabel}
        </button>
      </div>
    </form>
  );
}
