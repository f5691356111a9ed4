import { DocumentGroup, type FormError } from '../../components/form';
import { UploadBox } from '../../components/upload/upload-box';
import { businessStepsText } from '../../i18n/business-steps.text';
import { useFeatureT } from '../../i18n/feature-text';
import { BUSINESS_DOCUMENTS, BUSINESS_UPLOAD, businessFileField, businessInputId, type BusinessDocument } from './business-fields';
import { businessText } from './business.text';

type UploadProps = {
  doc: BusinessDocument;
  applicationLocalId: string;
  server: Record<string, unknown>;
  /** Submit needs this document with the values now. */
  required: boolean;
  /** The refusal, when it is this document's. */
  error: FormError | null | undefined;
};

/** One document's upload box (the officer's), with a note when the server holds one and its refusal under it. */
export function BusinessDocumentUpload({ doc, applicationLocalId, server, required, error }: UploadProps) {
  const { t, tm } = useFeatureT(businessText, businessStepsText);
  return (
    <div className={error ? 'business-document business-document--invalid' : 'business-document'}>
      <UploadBox
        label={t(doc.label)}
        entryLabel={doc.entryLabel}
        applicationLocalId={applicationLocalId}
        field={businessFileField(doc.field)}
        fields={{ ...BUSINESS_UPLOAD, file_type: doc.file_type }}
        accept={doc.accept}
        camera
        required={required}
      />
      {typeof server[doc.field] === 'string' && <p className="field-note">{t('business.fileOnServer')}</p>}
      {error && (
        <p id={`${businessInputId(doc.field)}-error`} className="field-error">
          {tm(error.message)}
        </p>
      )}
    </div>
  );
}

type ReviewerProps = {
  applicationLocalId: string;
  server: Record<string, unknown>;
  invalidField: string | undefined;
  required: ReadonlySet<string>;
};

/** A reviewer's documents: the server's previews in one group ('Upload Documents' to replace them). */
export function ReviewerBusinessDocuments({ applicationLocalId, server, invalidField, required }: ReviewerProps) {
  return (
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
}
