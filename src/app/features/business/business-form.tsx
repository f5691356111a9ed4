import type { FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import {
  businessDetailsSchema,
  businessDetailsWarnings,
  refusedWhenBlank,
  type BankListItem,
  type BusinessCategoryItem,
} from '../../../domain';
import { ErrorBanner } from '../../components/error-banner';
import { DraftStatus, fieldElement, useFocusRefusal } from '../../components/form';
import { useOnline } from '../../components/use-online';
import { businessStepsText } from '../../i18n/business-steps.text';
import { useFeatureT } from '../../i18n/feature-text';
import { BusinessAboutSection } from './business-about-section';
import { BusinessBanks, STATEMENT_FIELDS } from './business-banks';
import { BusinessDocumentUpload, ReviewerBusinessDocuments } from './business-documents';
import {
  BUSINESS_DOCUMENTS,
  businessBinding,
  businessFileField,
  businessInputId,
  type BusinessDocument,
  type BusinessValues,
} from './business-fields';
import { BusinessPlaceSection } from './business-place-section';
import { BusinessProofs } from './business-proofs';
import { useBusinessForm } from './use-business-form';
import { businessText } from './business.text';

const ERROR_ID = 'business-error';

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
  const { t } = useFeatureT(businessText, businessStepsText);
  const online = useOnline();
  const { form, queued, saveError, lookup, setPincode } = useBusinessForm({
    applicationLocalId,
    initial,
    server,
    banks,
    method,
    onQueued,
  });
  const values = useWatch({ control: form.control }) as BusinessValues;
  const { error } = queued;
  const invalidField = error?.field;

  useFocusRefusal(queued.refusals, error, ERROR_ID, (field) => fieldElement(businessInputId(field), businessFileField(field)));

  const errorOf = (name: string) => (invalidField === name ? error?.message : undefined);
  const bound = businessBinding(form.control, errorOf, ERROR_ID);
  const warnings = businessDetailsWarnings({ gst_no: values.gst_no }, borrowerPan);

  // The uploads Submit needs with these values, marked before it (issue 31 N14).
  const required = refusedWhenBlank(businessDetailsSchema, values, [...BUSINESS_DOCUMENTS.map((doc) => doc.field), ...STATEMENT_FIELDS]);

  // A reviewer's documents are in the group of previews ('Upload Documents' to replace them).
  const upload = (doc: BusinessDocument) =>
    reviewer ? null : (
      <BusinessDocumentUpload
        key={doc.field}
        doc={doc}
        applicationLocalId={applicationLocalId}
        server={server}
        required={required.has(doc.field)}
        error={invalidField === doc.field ? error : undefined}
      />
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void queued.submit();
  };

  return (
    <form className="business-form" noValidate onSubmit={onSubmit}>
      <BusinessAboutSection bound={bound} sector={values.sector_of_business} categories={categories} />
      <BusinessPlaceSection bound={bound} lookup={lookup} setPincode={setPincode} ownership={values.business_address_ownership_type} />
      <BusinessBanks
        form={form}
        values={values}
        initial={initial}
        applicationLocalId={applicationLocalId}
        serverId={serverId}
        server={server}
        banks={banks}
        reviewer={reviewer}
        errorOf={errorOf}
        errorId={ERROR_ID}
        invalidField={invalidField}
        required={required}
      />
      <BusinessProofs bound={bound} values={values} gstWarning={warnings[0]?.message} upload={upload} />

      {reviewer && (
        <ReviewerBusinessDocuments
          applicationLocalId={applicationLocalId}
          server={server}
          invalidField={invalidField}
          required={required}
        />
      )}

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
