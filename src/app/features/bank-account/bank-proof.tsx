import { bankAccountSchema, refusedWhenBlank } from '../../../domain';
import { DocumentGroup, type FormError } from '../../components/form';
import { UploadBox } from '../../components/upload/upload-box';
import { businessStepsText } from '../../i18n/business-steps.text';
import { useFeatureT } from '../../i18n/feature-text';
import { BANK_PROOF, BANK_UPLOAD } from './bank-account-fields';
import { bankAccountText } from './bank-account.text';

// Submit needs the bank proof: marked as required before it (issue 31 N14).
const PROOF_REQUIRED = refusedWhenBlank(bankAccountSchema, {}, ['bank_proof']).has('bank_proof');

type Props = {
  applicationLocalId: string;
  server: Record<string, unknown>;
  /** A reviewer (branch credit manager, branch manager) sees the server's bank proof first (spec 02 §6). */
  reviewer: boolean;
  invalidField: string | undefined;
  error: FormError | null;
};

/** The bank proof: the officer's upload box, or the reviewer's preview of the server's. */
export function BankProof({ applicationLocalId, server, reviewer, invalidField, error }: Props) {
  const { t, tm } = useFeatureT(bankAccountText, businessStepsText);
  if (reviewer) {
    return (
      <DocumentGroup
        className="bank-documents"
        itemClassName="business-document"
        legend="bank.proof"
        note="business.documentsNote"
        previewIdPrefix="bank-preview"
        applicationLocalId={applicationLocalId}
        reviewer
        invalidField={invalidField}
        serverNote="business.fileOnServer"
        documents={[
          {
            field: BANK_PROOF.field,
            uploadField: BANK_PROOF.uploadField,
            label: BANK_PROOF.label,
            entryLabel: BANK_PROOF.entryLabel,
            fields: BANK_UPLOAD,
            accept: BANK_PROOF.accept,
            serverFileId: typeof server.bank_proof === 'string' ? server.bank_proof : null,
            required: PROOF_REQUIRED,
          },
        ]}
      />
    );
  }
  return (
    <div className={invalidField === 'bank_proof' ? 'business-document business-document--invalid' : 'business-document'}>
      <UploadBox
        label={t(BANK_PROOF.label)}
        entryLabel={BANK_PROOF.entryLabel}
        applicationLocalId={applicationLocalId}
        field={BANK_PROOF.uploadField}
        fields={BANK_UPLOAD}
        accept={BANK_PROOF.accept}
        camera
        required={PROOF_REQUIRED}
      />
      {typeof server.bank_proof === 'string' && <p className="field-note">{t('business.fileOnServer')}</p>}
      {invalidField === 'bank_proof' && error && <p className="field-error">{tm(error.message)}</p>}
    </div>
  );
}
