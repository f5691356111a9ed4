import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isRejectedCoApplicant, type CalendarDate } from '../../../domain';
import { ErrorBanner } from '../../components/error-banner';
import { notifyError } from '../../components/notify';
import { useOnline } from '../../components/use-online';
import { useT } from '../../i18n/use-t';
import { ageOf, GENDER_OPTIONS, GUARDIAN_OPTIONS, MARITAL_OPTIONS, recordFileField, RELATION_OPTIONS, SALUTATION_OPTIONS } from './co-applicant-fields';
import { CoApplicantDocuments } from './co-applicant-documents';
import { CoApplicantIdentity } from './co-applicant-identity';
import { coApplicantInputId, CoApplicantDropdown, CoApplicantInput } from './co-applicant-inputs';
import { usePincodeLookup } from '../../components/use-pincode-lookup';
import { useCoApplicantForm, type CoApplicantDraft, type SubmitTarget } from './use-co-applicant-form';
import { isNameMismatch, panVerified, useIdentityChecks, voterVerified } from './use-identity-checks';
import { useRecordAnswer } from './use-record-answer';

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
  const { t } = useT();
  const navigate = useNavigate();
  const online = useOnline();
  const co = useCoApplicantForm(target, start, today);
  const identity = useIdentityChecks(serverKnown ? serverId : undefined, start.checks, co.setChecks);
  const answer = useRecordAnswer(target.localId, co.submittedAt);
  const [failedSubmits, setFailedSubmits] = useState(0);
  const { control, setValue, getValues } = co.form;
  const values = co.form.watch();
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

  useEffect(() => {
    if (failedSubmits === 0 || !invalidField) return;
    const field = document.getElementById(coApplicantInputId(invalidField as never)) ??
      document.querySelector<HTMLElement>(`[data-field="${recordFileField(target.localId, invalidField)}"] input:not([disabled])`);
    field?.focus();
  }, [failedSubmits]);

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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await co.submit(needsVerification ? gate : undefined);
    if (outcome === 'invalid' || outcome === 'failed') setFailedSubmits((n) => n + 1);
  };

  const sending = co.submittedAt !== null && answer.kind !== 'refused';
  const described = (field: string, ...notes: (string | false)[]) => [...notes, invalidField === field && ERROR_ID];
  const text = (name: 'name' | 'guardian_name' | 'email' | 'address' | 'landmark' | 'city' | 'district') => ({
    name,
    control,
    invalid: invalidField === name,
    describedBy: described(name, (name === 'city' || name === 'district') && PLACE_NOTE),
  });
  const age = ageOf(values.dob, today);
  const buttonLabel = mismatch ? t('coApp.continueDeviation') : target.replacing ? t('coApp.replaceGuarantor') : t('coApp.submit');
  const placeNote =
    place.state === 'looking' ? t('coApp.cityStateLooking') : place.state === 'failed' ? t('coApp.cityStateNotFound') : t('coApp.cityStateAuto');

  return (
    <form className="co-applicant-form" noValidate aria-busy={sending || undefined} onSubmit={(event) => void submit(event)}>
      <CoApplicantDocuments
        applicationLocalId={target.applicationLocalId}
        localId={target.localId}
        recordIndex={target.recordIndex}
        server={target.server}
        invalidField={invalidField}
        reviewer={!creator}
      />
      <CoApplicantIdentity
        control={control}
        values={values}
        checks={identity.checks}
        busy={identity.busy}
        canVerify={canVerify}
        typeFixed={!!target.replacing || target.update}
        invalidField={invalidField}
        errorId={ERROR_ID}
        onVerifyPan={() => void identity.checkPan(getValues('pan'), getValues('name'))}
        onVerifyVoter={() => void identity.checkVoter(getValues('voter_id'), getValues('name'))}
      />
      <fieldset className="form-section">
        <legend>{t('coApp.personal')}</legend>
        <CoApplicantDropdown name="relationship" control={control} label={t('coApp.relationship')} options={RELATION_OPTIONS} describedBy={described('relationship')} />
        <CoApplicantDropdown name="title" control={control} label={t('coApp.salutation')} options={SALUTATION_OPTIONS} describedBy={described('title')} />
        <CoApplicantInput {...text('name')} label={t('coApp.name')} autoComplete="off" autoCapitalize="characters" />
        <CoApplicantInput {...text('guardian_name')} label={t('coApp.guardianName')} autoComplete="off" autoCapitalize="words" />
        <CoApplicantDropdown name="guardian_relationship" control={control} label={t('coApp.guardianRelationship')} options={GUARDIAN_OPTIONS} describedBy={described('guardian_relationship')} />
        <CoApplicantDropdown name="gender" control={control} label={t('coApp.gender')} options={GENDER_OPTIONS} describedBy={described('gender')} />
        <CoApplicantInput
          name="dob"
          control={control}
          label={t('coApp.dob')}
          wide
          placeholder="DD-MM-YYYY"
          inputMode="numeric"
          autoComplete="off"
          invalid={invalidField === 'dob' || invalidField === 'age'}
          describedBy={described('dob', 'co-applicant-age', invalidField === 'age' && ERROR_ID)}
          note={
            <p id="co-applicant-age" className="field-note" aria-live="polite">
              {t('coApp.age')}: {age ? t('coApp.ageYears', { age }) : t('coApp.ageUnknown')}
            </p>
          }
        />
        <CoApplicantDropdown name="marital_status" control={control} label={t('coApp.maritalStatus')} options={MARITAL_OPTIONS} describedBy={described('marital_status')} />
        <CoApplicantInput name="income" control={control} label={t('coApp.income')} inputMode="numeric" autoComplete="off" invalid={invalidField === 'income'} describedBy={described('income')} />
        <CoApplicantInput name="phone" control={control} label={t('coApp.phone')} type="tel" inputMode="numeric" autoComplete="off" invalid={invalidField === 'phone'} describedBy={described('phone')} />
        <CoApplicantInput {...text('email')} label={t('coApp.email')} type="email" inputMode="email" autoComplete="off" autoCapitalize="off" />
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('coApp.addressSection')}</legend>
        <CoApplicantInput
          name="pincode"
          control={control}
          label={t('coApp.pincode')}
          inputMode="numeric"
          autoComplete="off"
          invalid={invalidField === 'pincode'}
          describedBy={described('pincode', PLACE_NOTE)}
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
        <CoApplicantInput {...text('city')} label={t('coApp.city')} autoComplete="off" />
        <CoApplicantInput {...text('district')} label={t('coApp.district')} autoComplete="off" />
        <CoApplicantInput name="state" control={control} label={t('coApp.state')} readOnly={place.state === 'found' || place.state === 'looking'} invalid={invalidField === 'state'} describedBy={described('state', PLACE_NOTE)} />
        <CoApplicantInput {...text('address')} label={t('coApp.address')} multiline autoComplete="off" />
        <CoApplicantInput {...text('landmark')} label={t('coApp.landmark')} autoComplete="off" />
      </fieldset>
      {mismatch && (
        <p id={MISMATCH_ID} className="co-applicant-warning" role="alert">
          {t('coApp.nameMismatch')}
        </p>
      )}
      <ErrorBanner id={ERROR_ID} message={co.error?.message} />
      <p className="field-note" role="status">
        {sending ? t('coApp.sending') : ''}
      </p>
      {!online && <p className="field-note">{t('coApp.offlineNote')}</p>}
      {needsVerification && !verified && (
        <p id={GATE_ID} className="field-note">
          {t('coApp.verifyFirst')}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary co-applicant-form__submit"
        disabled={co.busy || sending || identity.busy !== null || (needsVerification && !verified)}
        aria-describedby={[needsVerification && !verified && GATE_ID, mismatch && MISMATCH_ID].filter(Boolean).join(' ') || undefined}
      >
        {buttonLabel}
      </button>
    </form>
  );
}
