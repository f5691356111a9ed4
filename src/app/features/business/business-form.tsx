import type { FormEvent } from 'react';
import type { BankListItem, BusinessCategoryItem } from '../../../domain';
import { ErrorBanner } from '../../components/error-banner';
import { DraftStatus } from '../../components/form';
import { useOnline } from '../../components/use-online';
import { businessStepsText } from '../../i18n/business-steps.text';
import { useFeatureT } from '../../i18n/feature-text';
import { BusinessAboutSection } from './business-about-section';
import { BusinessBanks } from './business-banks';
import { BusinessDocumentUpload, ReviewerBusinessDocuments } from './business-documents';
import type { BusinessDocument, BusinessValues } from './business-fields';
import { BusinessPlaceSection } from './business-place-section';
import { BusinessProofs } from './business-proofs';
import { BUSINESS_ERROR_ID, useBusinessFields } from './use-business-fields';
import { useBusinessForm } from './use-business-form';
import { businessText } from './business.text';

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
  const { values, error, invalidField, errorOf, bound, gstWarning, required } = useBusinessFields({ form, queued }, borrowerPan);

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
        errorId={BUSINESS_ERROR_ID}
        invalidField={invalidField}
        required={required}
      />
      <BusinessProofs bound={bound} values={values} gstWarning={gstWarning} upload={upload} />

      {reviewer && (
        <ReviewerBusinessDocuments
          applicationLocalId={applicationLocalId}
          server={server}
          invalidField={invalidField}
          required={required}
        />
      )}

      <ErrorBanner id={BUSINESS_ERROR_ID} message={error?.message} />
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
