import { useState } from 'react';
import { UploadBox } from '../../components/upload/upload-box';
import { en } from '../../i18n/en';
import { useT } from '../../i18n/use-t';
import { KYC_DOCUMENTS, KYC_UPLOAD, type KycFileField } from './kyc-documents';
import { ServerFilePreview } from '../../components/upload/server-file-preview';

export type KycDocumentsSectionProps = {
  applicationLocalId: string | undefined;
  /** Reviewers (spec 02 §6) see the server's documents, with 'Upload Documents' to replace them. */
  reviewer?: boolean;
  /** The server's file ids of the KYC documents, for the reviewer's previews. */
  serverFiles?: Partial<Record<KycFileField, unknown>>;
  /** The document whose message the error banner shows. */
  invalidField?: string;
};

/**
 * The KYC step's documents: each file is saved on the phone and its upload queued, so the
 * section works offline and survives reloads. Next reads the same files (`fileReferences`).
 */
export function KycDocumentsSection({ applicationLocalId, reviewer = false, serverFiles = {}, invalidField }: KycDocumentsSectionProps) {
  const { t } = useT();
  const [uploading, setUploading] = useState(!reviewer);
  const showUploads = !reviewer || uploading;
  return (
    <section className="kyc-documents" aria-labelledby="kyc-documents-title">
      <h2 id="kyc-documents-title">{t('kyc.documents')}</h2>
      <p className="muted">{t(showUploads ? 'kyc.documentsNote' : 'kyc.reviewDocumentsNote')}</p>
      {reviewer && (
        <button type="button" className="button button--secondary kyc-documents__toggle" aria-pressed={uploading} onClick={() => setUploading((on) => !on)}>
          {t('kyc.uploadDocuments')}
        </button>
      )}
      <div className="kyc-documents__grid">
        {KYC_DOCUMENTS.map((doc) =>
          showUploads ? (
            <div key={doc.field} className={invalidField === doc.field ? 'kyc-documents__item kyc-documents__item--invalid' : 'kyc-documents__item'}>
              <UploadBox
                label={t(doc.label)}
                entryLabel={en[doc.label]}
                applicationLocalId={applicationLocalId}
                field={doc.field}
                fields={{ ...KYC_UPLOAD, file_type: doc.file_type }}
                accept={doc.accept}
                camera
                geoTag={doc.geoTag}
              />
            </div>
          ) : (
            <ServerFilePreview
              key={doc.field}
              id={`kyc-preview-${doc.field}`}
              label={t(doc.label)}
              fileId={typeof serverFiles[doc.field] === 'string' ? (serverFiles[doc.field] as string) : null}
            />
          ),
        )}
      </div>
    </section>
  );
}
