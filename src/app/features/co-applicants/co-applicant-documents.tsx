import { useState } from 'react';
import { ServerFilePreview } from '../../components/upload/server-file-preview';
import { UploadBox } from '../../components/upload/upload-box';
import { en } from '../../i18n/en';
import { useT } from '../../i18n/use-t';
import { CO_APPLICANT_DOCUMENTS, coApplicantUpload, recordFileField } from './co-applicant-fields';

type Props = {
  applicationLocalId: string;
  localId: string;
  recordIndex: number;
  /** The server's view of the record: a file it has needs no new upload. */
  server?: Record<string, unknown>;
  invalidField?: string;
  /** A reviewer sees the server's documents, and uploads only after 'Upload Documents' (spec 02 §6). */
  reviewer?: boolean;
};

/** The record's documents: saved on the phone under the record's id, their uploads queued. */
export function CoApplicantDocuments({ applicationLocalId, localId, recordIndex, server, invalidField, reviewer = false }: Props) {
  const { t } = useT();
  const [uploading, setUploading] = useState(!reviewer);
  const fileOf = (field: string) => (typeof server?.[field] === 'string' && server[field] !== '' ? (server[field] as string) : null);
  return (
    <fieldset className="form-section co-applicant-documents">
      <legend>{t('coApp.documents')}</legend>
      <p className="field-note">{t(uploading ? 'coApp.documentsNote' : 'kyc.reviewDocumentsNote')}</p>
      {reviewer && (
        <button type="button" className="button button--secondary kyc-documents__toggle" aria-pressed={uploading} onClick={() => setUploading((on) => !on)}>
          {t('kyc.uploadDocuments')}
        </button>
      )}
      {!uploading &&
        CO_APPLICANT_DOCUMENTS.map((doc) => (
          <ServerFilePreview key={doc.field} id={`co-applicant-preview-${doc.field}`} label={t(doc.label)} fileId={fileOf(doc.field)} />
        ))}
      {uploading &&
        CO_APPLICANT_DOCUMENTS.map((doc) => (
          <div key={doc.field} className={invalidField === doc.field ? 'co-applicant-documents__item co-applicant-documents__item--invalid' : 'co-applicant-documents__item'}>
            <UploadBox
              label={t(doc.label)}
              entryLabel={en[doc.label]}
              applicationLocalId={applicationLocalId}
              field={recordFileField(localId, doc.field)}
              fields={coApplicantUpload(doc.file_type, recordIndex)}
              accept={doc.accept}
              camera
            />
            {typeof server?.[doc.field] === 'string' && server[doc.field] !== '' && <p className="field-note">{t('coApp.fileOnServer')}</p>}
          </div>
        ))}
    </fieldset>
  );
}
