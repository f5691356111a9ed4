import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { EDUCATION_LEVELS, GENDER_CODES, isReviewerDesignation } from '../../../domain';
import { ErrorBanner } from '../../components/error-banner';
import { notifySuccess } from '../../components/notify';
import { ServerFilePreview } from '../../components/upload/server-file-preview';
import { useOnline } from '../../components/use-online';
import type { LocalRecord } from '../../db/records';
import { useT } from '../../i18n/use-t';
import { useProfile } from '../../session/use-session';
import { FAMILY_DOCUMENTS, GUARDIAN_RELATIONS, serverFileIds, type FamilyTextField, type FamilyValues } from './family-fields';
import { FamilyDocumentBox } from './family-document-box';
import { FamilyDropdown, FamilyInput } from './family-inputs';
import { useFamilyMemberForm } from './use-family-member-form';

const ERROR_ID = 'family-error';
const CITY_STATE_NOTE = 'family-city-state-note';

type Props = {
  applicationLocalId: string;
  /** The application's server id, for the links of the flow. */
  serverId: string;
  localId: string;
  record: LocalRecord | undefined;
  initial: FamilyValues;
};

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** The fields of spec 02 §3 family member, its four documents, the error banner and Submit. */
export function FamilyMemberForm({ applicationLocalId, serverId, localId, record, initial }: Props) {
  const { t } = useT();
  const online = useOnline();
  const navigate = useNavigate();
  const banner = useRef<HTMLParagraphElement>(null);
  const [failedSubmits, setFailedSubmits] = useState(0);
  const { form, error, busy, lookup, manualCityState, setPincode, submit } = useFamilyMemberForm({ applicationLocalId, localId, record, initial });
  const { control } = form;
  const listPath = `/application/family-details?id=${serverId}`;
  const onServer = serverFileIds(record?.server, record?.values);
  // A reviewer sees the server's documents, and uploads only after 'Upload Documents' (spec 02 §6).
  const reviewer = isReviewerDesignation(useProfile().mfi_employee);
  const [uploading, setUploading] = useState(!reviewer);

  // A failed submit moves the focus to the banner, so its message is read and seen.
  useEffect(() => {
    if (failedSubmits > 0) banner.current?.focus();
  }, [failedSubmits]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await submit();
    if (outcome === 'invalid' || outcome === 'failed') setFailedSubmits((n) => n + 1);
    if (outcome !== 'queued') return;
    notifySuccess(online ? 'Form submitted successfully!' : t('family.savedOffline'));
    navigate(listPath);
  };

  const common = (name: FamilyTextField, notes: string[] = []) => ({
    name,
    control,
    invalid: error?.field === name,
    describedBy: [...notes, error?.field === name ? ERROR_ID : ''],
  });
  const cityStateReadOnly = !manualCityState;
  const cityStateNote =
    lookup === 'looking' ? t('family.cityStateLooking') : manualCityState ? t('family.cityStateManual') : t('family.cityStateAuto');

  return (
    <form className="family-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <fieldset className="form-section">
        <legend>{t('family.personal')}</legend>
        <div className="family-form__grid">
          <FamilyInput {...common('name')} label={t('family.name')} autoComplete="off" autoCapitalize="words" />
          <FamilyInput {...common('phone')} label={t('family.phone')} type="tel" inputMode="numeric" autoComplete="off" maxLength={10} />
          <FamilyInput {...common('email')} label={t('family.email')} type="email" inputMode="email" autoComplete="off" autoCapitalize="off" />
          <FamilyInput {...common('pan')} label={t('family.pan')} autoComplete="off" autoCapitalize="characters" maxLength={10} />
          <FamilyInput {...common('guardian_name')} label={t('family.guardianName')} autoComplete="off" autoCapitalize="words" />
          <FamilyDropdown {...common('guardian_relationship')} label={t('family.guardianRelationship')} options={asOptions(GUARDIAN_RELATIONS)} />
          <FamilyDropdown
            {...common('gender')}
            label={t('family.gender')}
            options={GENDER_CODES.map((code) => ({ value: code, label: t(`family.gender.${code}`) }))}
          />
          <FamilyInput {...common('dob')} label={t('family.dob')} inputMode="numeric" placeholder="DD-MM-YYYY" autoComplete="off" />
          <FamilyDropdown {...common('education_qualification')} label={t('family.education')} options={asOptions(EDUCATION_LEVELS)} />
          <FamilyInput {...common('income')} label={t('family.income')} inputMode="numeric" autoComplete="off" />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t('family.addressSection')}</legend>
        <div className="family-form__grid">
          <FamilyInput {...common('pincode')} label={t('family.pincode')} inputMode="numeric" autoComplete="postal-code" maxLength={6} onValue={setPincode} />
          <FamilyInput {...common('city', [CITY_STATE_NOTE])} label={t('family.city')} readOnly={cityStateReadOnly} autoComplete="address-level2" />
          <FamilyInput {...common('state', [CITY_STATE_NOTE])} label={t('family.state')} readOnly={cityStateReadOnly} autoComplete="address-level1" />
          <FamilyInput {...common('address')} label={t('family.address')} autoComplete="street-address" />
        </div>
        <p id={CITY_STATE_NOTE} className="field-note" role="status">
          {cityStateNote}
        </p>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t('family.documents')}</legend>
        <p className="field-note">{t(uploading ? 'family.documentsNote' : 'kyc.reviewDocumentsNote')}</p>
        {reviewer && (
          <button type="button" className="button button--secondary kyc-documents__toggle" aria-pressed={uploading} onClick={() => setUploading((on) => !on)}>
            {t('kyc.uploadDocuments')}
          </button>
        )}
        <div className="family-form__documents">
          {FAMILY_DOCUMENTS.map((doc) =>
            uploading ? (
              <FamilyDocumentBox key={doc.field} applicationLocalId={applicationLocalId} localId={localId} doc={doc} onServer={!!onServer[doc.field]} />
            ) : (
              <ServerFilePreview key={doc.field} id={`family-preview-${doc.field}`} label={t(doc.label)} fileId={onServer[doc.field] ?? null} />
            ),
          )}
        </div>
      </fieldset>

      <ErrorBanner id={ERROR_ID} ref={banner} message={error?.message} />
      <div className="family-form__actions">
        <Link to={listPath} className="button button--secondary">
          {t('family.back')}
        </Link>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('family.saving') : t('family.submit')}
        </button>
      </div>
    </form>
  );
}
