import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  calendarDateOf,
  EDUCATION_LEVELS,
  FAMILY_GUARDIAN_RELATIONS,
  FAMILY_RELATIONS_TO_BORROWER,
  familyMemberSchema,
  GENDER_CODES,
  isReviewerDesignation,
  refusedWhenBlank,
} from '../../../domain';

import { ErrorBanner } from '../../components/error-banner';
import {
  DateField,
  DocumentGroup,
  DraftStatus,
  fieldElement,
  FormSection,
  SelectField,
  TextField,
  useFocusRefusal,
  type FieldOption,
} from '../../components/form';
import type { LocalRecord } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import {
  FAMILY_DOCUMENTS,
  FAMILY_UPLOAD,
  familyFileField,
  familyInputId,
  NORMALISE,
  serverFileIds,
  type FamilyFileField,
  type FamilyTextField,
  type FamilyValues,
} from './family-member-fields';
import { useFamilyMemberForm } from './use-family-member-form';
import { familyText } from './family-members.text';

// The documents Submit needs, marked before it (issue 31 N14).
const REQUIRED_DOCUMENTS = refusedWhenBlank(
  familyMemberSchema(calendarDateOf(new Date())),
  {},
  FAMILY_DOCUMENTS.map((doc) => doc.field),
);

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

const asOptions = (values: readonly string[]): FieldOption[] => values.map((value) => ({ value, label: value }));
const GENDER_OPTIONS: FieldOption[] = GENDER_CODES.map((code) => ({ value: code, label: `family.gender.${code}` }));

/** The fields of spec 02 §3 family member, its four documents, the error banner and Submit. */
export function FamilyMemberForm({ applicationLocalId, serverId, localId, record, initial }: Props) {
  const { t } = useFeatureT(familyText);
  const navigate = useNavigate();
  const listPath = `/application/family-details?id=${serverId}`;
  const { form, queued, saveError, lookup, manualCityState, setPincode } = useFamilyMemberForm({
    applicationLocalId,
    localId,
    record,
    initial,
    onQueued: () => navigate(listPath),
  });
  const { control } = form;
  const { error } = queued;
  const onServer = serverFileIds(record?.server, record?.values);
  // A reviewer sees the server's documents, and uploads only after 'Upload Documents' (spec 02 §6).
  const reviewer = isReviewerDesignation(useProfile().mfi_employee);

  useFocusRefusal(queued.refusals, error, ERROR_ID, (field) =>
    fieldElement(familyInputId(field as FamilyTextField), familyFileField(localId, field as FamilyFileField)),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void queued.submit();
  };

  const common = (name: FamilyTextField, notes: string[] = []) => ({
    name,
    control,
    id: familyInputId(name),
    error: error?.field === name ? error.message : undefined,
    errorId: ERROR_ID,
    describedBy: notes,
    normalise: NORMALISE[name],
  });
  const cityStateReadOnly = !manualCityState;
  const cityStateNote =
    lookup === 'looking' ? t('family.cityStateLooking') : manualCityState ? t('family.cityStateManual') : t('family.cityStateAuto');

  return (
    <form className="family-form" noValidate onSubmit={onSubmit}>
      <FormSection legend="family.personal" gridClassName="family-form__grid">
        <TextField {...common('name')} label="family.name" autoComplete="off" autoCapitalize="words" />
        <SelectField
          {...common('relation_to_borrower')}
          label="family.relationToBorrower"
          options={asOptions(FAMILY_RELATIONS_TO_BORROWER)}
        />
        <TextField {...common('phone')} label="family.phone" type="tel" inputMode="numeric" autoComplete="off" maxLength={10} />
        <TextField {...common('email')} label="family.email" type="email" inputMode="email" autoComplete="off" autoCapitalize="off" />
        <TextField {...common('pan')} label="family.pan" autoComplete="off" autoCapitalize="characters" maxLength={10} />
        <TextField {...common('guardian_name')} label="family.guardianName" autoComplete="off" autoCapitalize="words" />
        <SelectField
          {...common('guardian_relationship')}
          label="family.guardianRelationship"
          options={asOptions(FAMILY_GUARDIAN_RELATIONS)}
        />
        <SelectField {...common('gender')} label="family.gender" options={GENDER_OPTIONS} />
        <DateField {...common('dob')} label="family.dob" />
        <SelectField {...common('education_qualification')} label="family.education" options={asOptions(EDUCATION_LEVELS)} />
        <TextField {...common('income')} label="family.income" inputMode="numeric" autoComplete="off" />
      </FormSection>

      <FormSection
        legend="family.addressSection"
        gridClassName="family-form__grid"
        footer={
          <p id={CITY_STATE_NOTE} className="field-note" role="status">
            {cityStateNote}
          </p>
        }
      >
        <TextField
          {...common('pincode')}
          label="family.pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          onValue={setPincode}
        />
        <TextField {...common('city', [CITY_STATE_NOTE])} label="family.city" readOnly={cityStateReadOnly} autoComplete="address-level2" />
        <TextField
          {...common('state', [CITY_STATE_NOTE])}
          label="family.state"
          readOnly={cityStateReadOnly}
          autoComplete="address-level1"
        />
        <TextField {...common('address')} label="family.address" autoComplete="street-address" />
      </FormSection>

      <DocumentGroup
        legend="family.documents"
        note="family.documentsNote"
        previewIdPrefix="family-preview"
        gridClassName="family-form__documents"
        itemClassName="family-document"
        serverNote="family.fileOnServer"
        applicationLocalId={applicationLocalId}
        reviewer={reviewer}
        invalidField={error?.field}
        documents={FAMILY_DOCUMENTS.map((doc) => ({
          field: doc.field,
          uploadField: familyFileField(localId, doc.field),
          label: doc.label,
          entryLabel: `Family member ${doc.entryLabel}`,
          fields: { ...FAMILY_UPLOAD, file_type: doc.file_type },
          accept: doc.accept,
          serverFileId: onServer[doc.field] ?? null,
          required: REQUIRED_DOCUMENTS.has(doc.field),
        }))}
      />

      <ErrorBanner id={ERROR_ID} message={error?.message} />
      <DraftStatus error={saveError} />
      <div className="family-form__actions">
        <Link to={listPath} className="button button--secondary">
          {t('family.back')}
        </Link>
        <button type="submit" className="button button--primary" disabled={queued.busy}>
          {queued.busy ? t('family.saving') : t('family.submit')}
        </button>
      </div>
    </form>
  );
}
