import { useEffect, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { coApplicantSchema, isRejectedCoApplicant, refusedWhenBlank, type CalendarDate } from '../../../domain';
import { ErrorBanner } from '../../components/error-banner';
import {
  DateField,
  DocumentGroup,
  DraftStatus,
  fieldElement,
  FormSection,
  SelectField,
  TextField,
  useShowFirstError,
} from '../../components/form';
import { notifyError } from '../../components/notify';
import { useOnline } from '../../components/use-online';
import { useFeatureT } from '../../i18n/feature-text';
import { isGuestSession } from '../../session/session.storage';
import {
  ageOf,
  CO_APPLICANT_DOCUMENTS,
  coApplicantInputId,
  coApplicantUpload,
  GENDER_OPTIONS,
  GUARDIAN_OPTIONS,
  MARITAL_OPTIONS,
  NORMALISE,
  recordFileField,
  RELATION_OPTIONS,
  SALUTATION_OPTIONS,
  type CoApplicantField,
} from './co-applicant-fields';
import { CoApplicantIdentity } from './co-applicant-identity';
import { usePincodeLookup } from '../../components/use-pincode-lookup';
import { useCoApplicantForm, type CoApplicantDraft, type SubmitTarget } from './use-co-applicant-form';
import { isNameMismatch, panVerified, useIdentityChecks, voterVerified } from './use-identity-checks';
import { useRecordAnswer } from './use-record-answer';
import { coApplicantsText } from './co-applicants.text';

const ERROR_ID = 'co-applicant-error';
const MISMATCH_ID = 'co-applicant-mismatch';
const GATE_ID = 'co-applicant-verify-first';
const PLACE_NOTE = 'co-applicant-place-note';

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
  const navigate = useNavigate();
  const online = useOnline();
  const co = useCoApplicantForm(target, start, today);
  const identity = useIdentityChecks(serverKnown ? serverId : undefined, start.checks, co.setChecks);
  const answer = useRecordAnswer(target.localId, co.submittedAt);
  const { control, setValue, getValues } = co.form;
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

  const place = usePincodeLookup((found) => {
    setValue('city', found?.city ?? '');
    setValue('district', found?.district ?? '');
    setValue('state', found?.state ?? '');
  });

  useShowFirstError(co.refusals, () => ({
    focus: invalidField
      ? fieldElement(coApplicantInputId(invalidField as CoApplicantField), recordFileField(target.localId, invalidField))
      : null,
  }));

  useEffect(() => {
    const list = `/application/co-applicants?id=${serverId}`;
    if (answer.kind === 'queued') navigate(list);
    else if (answer.kind === 'refused') co.reopen(answer.message);
    else if (answer.kind === 'answered') {
      const server = answer.record.server ?? {};
      const type = typeof server.type === 'string' ? server.type : getValues('type');
      if (isRejectedCoApplicant({ ...server, type })) {
        notifyError('Application Rejected!');
        navigate(`/application/rejection?id=${serverId}&type=${type}&co_applicant_id=${target.localId}`, { replace: true });
      } else {
        navigate(list);
      }
    }
  }, [answer.kind]);

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
  const bound = (name: CoApplicantField, ...notes: (string | false)[]) => ({
    name,
    control,
    id: coApplicantInputId(name),
    error: invalidField === name ? co.error?.message : undefined,
    errorId: ERROR_ID,
    describedBy: notes,
    normalise: NORMALISE[name],
  });
  const age = ageOf(values.dob, today);
  // The borrower applying herself reads plain words; the staff keep theirs.
  const guest = isGuestSession();
  const buttonLabel = mismatch
    ? t(guest ? 'coApp.continueGuest' : 'coApp.continueDeviation')
    : target.replacing
      ? t('coApp.replaceGuarantor')
      : t('coApp.submit');
  const placeNote =
    place.state === 'looking'
      ? t('coApp.cityStateLooking')
      : place.state === 'failed'
        ? t('coApp.cityStateNotFound')
        : t('coApp.cityStateAuto');

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
      <FormSection legend="coApp.personal">
        <SelectField {...bound('relationship')} label="coApp.relationship" options={RELATION_OPTIONS} />
        <SelectField {...bound('title')} label="coApp.salutation" options={SALUTATION_OPTIONS} />
        <TextField {...bound('name')} label="coApp.name" autoComplete="off" autoCapitalize="characters" />
        <TextField {...bound('guardian_name')} label="coApp.guardianName" autoComplete="off" autoCapitalize="words" />
        <SelectField {...bound('guardian_relationship')} label="coApp.guardianRelationship" options={GUARDIAN_OPTIONS} />
        <SelectField {...bound('gender')} label="coApp.gender" options={GENDER_OPTIONS} />
        <DateField
          {...bound('dob', 'co-applicant-age')}
          error={invalidField === 'dob' || invalidField === 'age' ? co.error?.message : undefined}
          label="coApp.dob"
          className="field--wide"
        >
          <p id="co-applicant-age" className="field-note" aria-live="polite">
            {t('coApp.age')}: {age ? t('coApp.ageYears', { age }) : t('coApp.ageUnknown')}
          </p>
        </DateField>
        <SelectField {...bound('marital_status')} label="coApp.maritalStatus" options={MARITAL_OPTIONS} />
        <TextField {...bound('income')} label="coApp.income" inputMode="numeric" autoComplete="off" />
        <TextField {...bound('phone')} label="coApp.phone" type="tel" inputMode="numeric" autoComplete="off" />
        <TextField {...bound('email')} label="coApp.email" type="email" inputMode="email" autoComplete="off" autoCapitalize="off" />
      </FormSection>
      <FormSection legend="coApp.addressSection">
        <TextField
          {...bound('pincode', PLACE_NOTE)}
          label="coApp.pincode"
          inputMode="numeric"
          autoComplete="off"
          onValue={(pincode) => {
            if (pincode === getValues('pincode')) return;
            setValue('pincode', pincode, { shouldDirty: true });
            setValue('city', '');
            setValue('district', '');
            setValue('state', '');
            place.lookUp(pincode);
          }}
        />
        <p id={PLACE_NOTE} className="field-note" role="status">
          {placeNote}
        </p>
        <TextField {...bound('city', PLACE_NOTE)} label="coApp.city" autoComplete="off" />
        <TextField {...bound('district', PLACE_NOTE)} label="coApp.district" autoComplete="off" />
        <TextField {...bound('state', PLACE_NOTE)} label="coApp.state" readOnly={place.state === 'found' || place.state === 'looking'} />
        <TextField {...bound('address')} label="coApp.address" multiline className="field--wide" autoComplete="off" />
        <TextField {...bound('landmark')} label="coApp.landmark" autoComplete="off" />
      </FormSection>
      {/* The documents after the details, as on every step form (issue 21 D18) and in the schema's order. */}
      <DocumentGroup
        legend="coApp.documents"
        note="coApp.documentsNote"
        className="co-applicant-documents"
        itemClassName="co-applicant-documents__item"
        previewIdPrefix="co-applicant-preview"
        serverNote="coApp.fileOnServer"
        applicationLocalId={target.applicationLocalId}
        reviewer={!creator}
        invalidField={invalidField}
        documents={CO_APPLICANT_DOCUMENTS.map((doc) => ({
          field: doc.field,
          uploadField: recordFileField(target.localId, doc.field),
          label: doc.label,
          fields: coApplicantUpload(doc.file_type, target.recordIndex),
          accept: doc.accept,
          serverFileId:
            typeof target.server?.[doc.field] === 'string' && target.server[doc.field] !== '' ? (target.server[doc.field] as string) : null,
          required: required.has(doc.field),
        }))}
      />
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
