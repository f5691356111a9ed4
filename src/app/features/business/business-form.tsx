import { useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import {
  businessCategoryList,
  businessDetailsSchema,
  businessDetailsWarnings,
  canAddBank,
  categoriesOfSector,
  isFamilyOwned,
  MAX_ADDITIONAL_BANKS,
  needsBusinessOwnershipProof,
  needsRentProof,
  needsResidenceOwnershipProof,
  OTHER_SECTOR,
  refusedWhenBlank,
  type BankListItem,
  type BankSuffix,
  type BusinessCategoryItem,
} from '../../../domain';
import { useFrameApplication } from '../../components/application-frame/frame-application';
import { ErrorBanner } from '../../components/error-banner';
import {
  DocumentGroup,
  DraftStatus,
  fieldElement,
  FormSection,
  SelectField,
  TextField,
  useFocusRefusal,
  type FieldOption,
} from '../../components/form';
import { UploadBox } from '../../components/upload/upload-box';
import { useOnline } from '../../components/use-online';
import { useFilesFor } from '../../db/files.hooks';
import { businessStepsText } from '../../i18n/business-steps.text';
import { useFeatureT } from '../../i18n/feature-text';
import { BankBlock, useRemoveBank } from './bank-block';
import {
  BUSINESS_DOCUMENTS,
  BUSINESS_OWNERSHIP_DOCUMENT,
  BUSINESS_PROOF_DOCUMENT,
  BUSINESS_PROOF_OPTIONS,
  BUSINESS_TYPE_OPTIONS,
  BUSINESS_UPLOAD,
  businessFileField,
  businessInputId,
  GST_DOCUMENT,
  NORMALISE,
  OWNERSHIP_OPTIONS,
  OWNERSHIP_PROOF_OF_OPTIONS,
  PROPERTY_PROOF_OPTIONS,
  RENT_DOCUMENT,
  RESIDENCE_OWNERSHIP_DOCUMENT,
  sectorLabel,
  startedAdditionalBanks,
  type BusinessDocument,
  type BusinessTextField,
  type BusinessValues,
} from './business-fields';
import { useBusinessForm } from './use-business-form';
import { businessText } from './business.text';

const ERROR_ID = 'business-error';
const PLACE_NOTE = 'business-place-note';
const SUFFIXES: BankSuffix[] = ['', '1', '2'];

type Props = {
  applicationLocalId: string;
  serverId: string;
  initial: BusinessValues;
  server: Record<string, unknown>;
  banks: readonly BankListItem[] | null | undefined;
  categories: readonly BusinessCategoryItem[] | null | undefined;
  borrowerPan: string | undefined;
  method: 'POST' | 'PATCH';
  /** A reviewer (branch credit manager, branch manager) sees the server's documents first (spec 02 §6). */
  reviewer?: boolean;
  onQueued: () => void;
};

/** Spec 02 screen 7: the business, its banks, GST, proofs, ownership and rent proof, remarks and Next. */
export function BusinessForm({
  applicationLocalId,
  serverId,
  initial,
  server,
  banks,
  categories,
  borrowerPan,
  method,
  reviewer = false,
  onQueued,
}: Props) {
  const { t, tm } = useFeatureT(businessText, businessStepsText);
  const online = useOnline();
  // An approved application takes no bank more and loses none (issue 21 D16).
  const readOnly = useFrameApplication()?.readOnly === true;
  const { form, queued, saveError, lookup, setPincode } = useBusinessForm({
    applicationLocalId,
    initial,
    server,
    banks,
    method,
    onQueued,
  });
  const { control, setValue } = form;
  const values = useWatch({ control }) as BusinessValues;
  const [shownAdditional, setShownAdditional] = useState(() => startedAdditionalBanks(initial));
  const firstStatements = useFilesFor(applicationLocalId, businessFileField('bank_statement'));
  const removeBank = useRemoveBank(applicationLocalId);
  const { error } = queued;
  const invalidField = error?.field;

  useFocusRefusal(queued.refusals, error, ERROR_ID, (field) => fieldElement(businessInputId(field), businessFileField(field)));

  const errorOf = (name: string) => (invalidField === name ? error?.message : undefined);
  const bound = (name: BusinessTextField) => ({
    name,
    control,
    id: businessInputId(name),
    error: errorOf(name),
    errorId: ERROR_ID,
    normalise: NORMALISE[name],
  });

  const sectors = (categories && categories.length > 0 ? categories : businessCategoryList()) as readonly BusinessCategoryItem[];
  const sectorOptions: FieldOption[] = sectors.map((item) => ({ value: item.sector, label: sectorLabel(item.sector) }));
  const fromServer = sectors.find((item) => item.sector === values.sector_of_business)?.businessCategory;
  const categoryOptions: FieldOption[] = (fromServer ?? categoriesOfSector(values.sector_of_business)).map((c) => ({ value: c, label: c }));
  const warnings = businessDetailsWarnings({ gst_no: values.gst_no }, borrowerPan);
  const statementIds = (firstStatements ?? []).filter((f) => f.uploadState !== 'failed').map((f) => f.localId);
  const addable = canAddBank(
    { ...values, bank_statement: statementIds.length > 0 ? statementIds : server.bank_statement },
    shownAdditional,
  );

  // The uploads Submit needs with these values, marked before it (issue 31 N14).
  const required = refusedWhenBlank(businessDetailsSchema, values, [
    ...BUSINESS_DOCUMENTS.map((doc) => doc.field),
    ...SUFFIXES.map((s) => `bank_statement${s}`),
  ]);

  // A reviewer's documents are in the group of previews ('Upload Documents' to replace them).
  const document = (doc: BusinessDocument) =>
    reviewer ? null : (
      <div key={doc.field} className={invalidField === doc.field ? 'business-document business-document--invalid' : 'business-document'}>
        <UploadBox
          label={t(doc.label)}
          entryLabel={doc.entryLabel}
          applicationLocalId={applicationLocalId}
          field={businessFileField(doc.field)}
          fields={{ ...BUSINESS_UPLOAD, file_type: doc.file_type }}
          accept={doc.accept}
          camera
          required={required.has(doc.field)}
        />
        {typeof server[doc.field] === 'string' && <p className="field-note">{t('business.fileOnServer')}</p>}
        {invalidField === doc.field && error && (
          <p id={`${businessInputId(doc.field)}-error`} className="field-error">
            {tm(error.message)}
          </p>
        )}
      </div>
    );

  const reviewerDocuments = (
    <DocumentGroup
      className="business-documents"
      gridClassName="business-form__grid"
      itemClassName="business-document"
      legend="business.documents"
      note="business.documentsNote"
      previewIdPrefix="business-preview"
      applicationLocalId={applicationLocalId}
      reviewer
      invalidField={invalidField}
      serverNote="business.fileOnServer"
      documents={BUSINESS_DOCUMENTS.map((doc) => ({
        field: doc.field,
        uploadField: businessFileField(doc.field),
        label: doc.label,
        entryLabel: doc.entryLabel,
        fields: { ...BUSINESS_UPLOAD, file_type: doc.file_type },
        accept: doc.accept,
        serverFileId: typeof server[doc.field] === 'string' ? (server[doc.field] as string) : null,
        required: required.has(doc.field),
      }))}
    />
  );

  const remove = async (s: '1' | '2') => {
    await removeBank(s, shownAdditional, form.getValues, setValue);
    setShownAdditional((n) => n - 1);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void queued.submit();
  };

  const placeNote =
    lookup === 'looking' ? t('business.placeLooking') : lookup === 'failed' ? t('business.placeNotFound') : t('business.placeAuto');

  return (
    <form className="business-form" noValidate onSubmit={onSubmit}>
      <FormSection legend="business.about" gridClassName="business-form__grid">
        <TextField {...bound('business_name')} label="business.name" autoComplete="organization" autoCapitalize="words" />
        <SelectField {...bound('business_type')} label="business.type" options={BUSINESS_TYPE_OPTIONS} />
        <SelectField {...bound('sector_of_business')} label="business.sector" options={sectorOptions} />
        {values.sector_of_business === OTHER_SECTOR && (
          <TextField {...bound('sector_of_business_other')} label="business.sectorOther" autoComplete="off" />
        )}
        <SelectField {...bound('category_of_business')} label="business.category" options={categoryOptions} />
        <TextField {...bound('years_in_business')} label="business.years" inputMode="numeric" autoComplete="off" />
        <TextField
          {...bound('udyam_regd_no')}
          label="business.udyam"
          autoComplete="off"
          autoCapitalize="characters"
          placeholder="UDYAM-XX-00-0000000"
        />
      </FormSection>

      <FormSection
        legend="business.place"
        gridClassName="business-form__grid"
        footer={
          <p id={PLACE_NOTE} className="field-note" role="status">
            {placeNote}
          </p>
        }
      >
        <TextField
          {...bound('business_pincode')}
          label="business.pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          onValue={setPincode}
        />
        <TextField {...bound('business_district')} label="business.district" autoComplete="off" describedBy={[PLACE_NOTE]} />
        <TextField {...bound('business_city')} label="business.city" autoComplete="address-level2" describedBy={[PLACE_NOTE]} />
        <TextField
          {...bound('business_state')}
          label="business.state"
          readOnly={lookup !== 'failed'}
          autoComplete="address-level1"
          describedBy={[PLACE_NOTE]}
        />
        <TextField {...bound('business_address')} label="business.address" autoComplete="street-address" className="field--wide" />
        <TextField {...bound('businesss_landmark')} label="business.landmark" autoComplete="off" />
        <SelectField {...bound('business_address_ownership_type')} label="business.ownership" options={OWNERSHIP_OPTIONS} />
        {isFamilyOwned(values.business_address_ownership_type) && (
          <TextField {...bound('owned_by')} label="business.ownedBy" autoComplete="off" autoCapitalize="words" />
        )}
      </FormSection>

      {SUFFIXES.slice(0, 1 + shownAdditional).map((s) => (
        <BankBlock
          key={s || '0'}
          suffix={s}
          control={control}
          setValue={setValue}
          applicationLocalId={applicationLocalId}
          serverId={serverId}
          reviewer={reviewer}
          serverStatements={
            Array.isArray(server[`bank_statement${s}`])
              ? (server[`bank_statement${s}`] as unknown[]).filter((id): id is string => typeof id === 'string')
              : []
          }
          banks={banks ?? []}
          errorOf={errorOf}
          errorId={ERROR_ID}
          invalidField={invalidField}
          statementsRequired={required.has(`bank_statement${s}`)}
          onRemove={s === '' || readOnly ? undefined : () => void remove(s)}
        />
      ))}
      {banks === null && <p className="field-warning">{t('business.banksUnavailable')}</p>}
      <div className="business-form__add-bank">
        <button
          type="button"
          className="button button--secondary"
          disabled={!addable || readOnly}
          aria-describedby="business-add-bank-note"
          onClick={() => setShownAdditional((n) => Math.min(n + 1, MAX_ADDITIONAL_BANKS))}
        >
          {t('business.addBank')}
        </button>
        <p id="business-add-bank-note" className="field-note">
          {shownAdditional >= MAX_ADDITIONAL_BANKS
            ? t('business.bankLimit')
            : addable
              ? t('business.addBankNote')
              : t('business.addBankFirst')}
        </p>
      </div>

      <FormSection legend="business.gstAndProofs" gridClassName="business-form__grid">
        <TextField
          {...bound('gst_no')}
          label="business.gst"
          autoComplete="off"
          autoCapitalize="characters"
          warning={warnings[0]?.message}
        />
        {document(GST_DOCUMENT)}
        <SelectField {...bound('business_proof_type')} label="business.proofType" options={BUSINESS_PROOF_OPTIONS} />
        {document(BUSINESS_PROOF_DOCUMENT)}
      </FormSection>

      <FormSection legend="business.ownershipProofs" gridClassName="business-form__grid">
        <SelectField {...bound('ownership_proof_type')} label="business.ownershipProofOf" options={OWNERSHIP_PROOF_OF_OPTIONS} />
        {needsBusinessOwnershipProof(values.ownership_proof_type) && (
          <>
            <SelectField {...bound('business_ownership_proof')} label="business.businessOwnershipProof" options={PROPERTY_PROOF_OPTIONS} />
            {document(BUSINESS_OWNERSHIP_DOCUMENT)}
          </>
        )}
        {needsResidenceOwnershipProof(values.ownership_proof_type) && (
          <>
            <SelectField
              {...bound('residence_ownership_proof')}
              label="business.residenceOwnershipProof"
              options={PROPERTY_PROOF_OPTIONS}
            />
            {document(RESIDENCE_OWNERSHIP_DOCUMENT)}
          </>
        )}
        {needsRentProof(values.business_address_ownership_type) && document(RENT_DOCUMENT)}
        <TextField {...bound('remarks')} label="business.remarks" multiline className="field--wide" />
      </FormSection>

      {reviewer && reviewerDocuments}

      <ErrorBanner id={ERROR_ID} message={error?.message} />
      <DraftStatus error={saveError} />
      {!online && <p className="field-note">{t('business.offlineNote')}</p>}
      <div className="business-form__actions">
        <button type="submit" className="button button--primary" disabled={queued.busy}>
          {queued.busy ? t('business.saving') : t('business.next')}
        </button>
      </div>
    </form>
  );
}
