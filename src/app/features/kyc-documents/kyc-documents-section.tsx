import { UploadBox } from '../../components/upload/upload-box';
import { en } from '../../i18n/en';
import { useT } from '../../i18n/use-t';
import { KYC_DOCUMENTS, KYC_UPLOAD } from './kyc-documents';

/**
 * The KYC step's documents: each file is saved on the phone and its upload queued, so the
 * section works offline and survives reloads. The KYC form (a later issue) reads the same files.
 */
export function KycDocumentsSection({ applicationLocalId }: { applicationLocalId: string | undefined }) {
  const { t } = useT();
  return (
    <section className="kyc-documents" aria-labelledby="kyc-documents-title">
      <h2 id="kyc-documents-title">{t('kyc.documents')}</h2>
      <p className="muted">{t('kyc.documentsNote')}</p>
      <div className="kyc-documents__grid">
        {KYC_DOCUMENTS.map((doc) => (
          <UploadBox
            key={doc.field}
            label={t(doc.label)}
            entryLabel={en[doc.label]}
            applicationLocalId={applicationLocalId}
            field={doc.field}
            fields={{ ...KYC_UPLOAD, file_type: doc.file_type }}
            accept={doc.accept}
            camera
            geoTag={doc.geoTag}
          />
        ))}
      </div>
    </section>
  );
}
