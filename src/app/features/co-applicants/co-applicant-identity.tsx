import type { Control } from 'react-hook-form';
import { FormSection, SelectField, TextField } from '../../components/form';
import { NeedsConnection } from '../../components/needs-connection';
import { VerifiedBadge } from '../../components/verified-badge';
import { useFeatureT } from '../../i18n/feature-text';
import { coApplicantInputId, NORMALISE, TYPE_OPTIONS, type CoApplicantValues } from './co-applicant-fields';
import { panVerified, voterVerified, type CheckBusy, type IdentityChecks } from './use-identity-checks';
import { coApplicantsText } from './co-applicants.text';

type Props = {
  // any: the section reads and writes raw values only; the parsed output type does not matter to it.
  control: Control<CoApplicantValues, unknown, any>;
  values: Pick<CoApplicantValues, 'pan' | 'voter_id' | 'type' | 'gender'>;
  checks: IdentityChecks;
  busy: CheckBusy;
  /** Online with an application the server knows: the checks can run. */
  canVerify: boolean;
  /** The type is fixed (a replacement is a guarantor; a saved record keeps its type). */
  typeFixed: boolean;
  /** The form's one message, and the field it is about. */
  error?: { message: string; field?: string } | null;
  errorId: string;
  onVerifyPan: () => void;
  onVerifyVoter: () => void;
};

const OFFLINE_PAN = 'co-applicant-pan-offline';
const OFFLINE_VOTER = 'co-applicant-voter-offline';
const VERIFY_LATER = 'co-applicant-verify-later';
const VOTER_HINT = 'co-applicant-voter-hint';

/** Type, PAN and voter ID with their Verify buttons, and the Aadhaar's last 4 digits. */
export function CoApplicantIdentity({
  control,
  values,
  checks,
  busy,
  canVerify,
  typeFixed,
  error,
  errorId,
  onVerifyPan,
  onVerifyVoter,
}: Props) {
  const { t } = useFeatureT(coApplicantsText);
  const panDone = panVerified(checks, values.pan);
  const voterDone = voterVerified(checks, values.voter_id);
  const voterRequired = values.type === 'CO_BORROWER' && values.gender !== '' && values.gender !== 'MALE';
  const bound = (name: 'type' | 'pan' | 'voter_id' | 'aadhaar') => ({
    name,
    control,
    id: coApplicantInputId(name),
    error: error?.field === name ? error.message : undefined,
    errorId,
    normalise: NORMALISE[name],
  });

  return (
    <FormSection legend="coApp.identity">
      <SelectField {...bound('type')} label="coApp.type" options={TYPE_OPTIONS} disabled={typeFixed} />
      <TextField
        {...bound('pan')}
        label="coApp.pan"
        autoCapitalize="characters"
        autoComplete="off"
        readOnly={panDone}
        describedBy={[!canVerify && OFFLINE_PAN]}
        actionClassName="co-applicant-field__row"
        action={
          panDone ? (
            <VerifiedBadge label={t('coApp.panVerified')} />
          ) : (
            <button
              type="button"
              className="button button--secondary co-applicant-field__verify"
              disabled={!canVerify || busy !== null || values.pan.length !== 10}
              aria-describedby={canVerify ? undefined : OFFLINE_PAN}
              onClick={onVerifyPan}
            >
              {t('coApp.verifyPan')}
            </button>
          )
        }
      />
      {!canVerify && <NeedsConnection id={OFFLINE_PAN} />}
      {panDone && checks.pan?.name && <p className="field-note">{t('coApp.nameOnPan', { name: checks.pan.name })}</p>}
      <TextField
        {...bound('voter_id')}
        label="coApp.voterId"
        autoCapitalize="characters"
        autoComplete="off"
        readOnly={voterDone}
        describedBy={[voterRequired && VOTER_HINT, !canVerify && OFFLINE_VOTER]}
        actionClassName="co-applicant-field__row"
        action={
          voterDone ? (
            <VerifiedBadge label={t('coApp.voterIdVerified')} />
          ) : (
            <button
              type="button"
              className="button button--secondary co-applicant-field__verify"
              disabled={!canVerify || busy !== null || values.voter_id.length !== 10}
              aria-describedby={canVerify ? undefined : OFFLINE_VOTER}
              onClick={onVerifyVoter}
            >
              {t('coApp.verifyVoterId')}
            </button>
          )
        }
      />
      {voterRequired && (
        <p id={VOTER_HINT} className="field-note">
          {t('coApp.voterIdRequired')}
        </p>
      )}
      {!canVerify && <NeedsConnection id={OFFLINE_VOTER} />}
      {voterDone && checks.voter?.name && <p className="field-note">{t('coApp.nameOnVoterId', { name: checks.voter.name })}</p>}
      {!canVerify && (
        <p id={VERIFY_LATER} className="field-note co-applicant-field__later">
          {t('coApp.verifyLater')}
        </p>
      )}
      <TextField {...bound('aadhaar')} label="coApp.aadhaar" inputMode="numeric" autoComplete="off" />
      {busy !== null && (
        <p className="field-note" role="status">
          {busy === 'names' ? t('coApp.checkingNames') : t('common.loading')}
        </p>
      )}
    </FormSection>
  );
}
