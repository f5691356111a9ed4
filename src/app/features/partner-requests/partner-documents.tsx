import type { PartnerDocument } from '../../api/partner-requests.api';
import { useFeatureT } from '../../i18n/feature-text';
import { partnersText, type PartnersKey } from './partner-requests.text';

const DOCUMENT_LABELS: Record<string, PartnersKey> = {
  pan: 'joinUs.pan',
  aadhaar_front: 'joinUs.aadhaarFront',
  aadhaar_back: 'joinUs.aadhaarBack',
  gst: 'partners.gstCertificate',
  cancelled_cheque: 'joinUs.cancelledCheque',
};

/** The uploaded documents: images inline (each opens full size in a new tab), PDFs as tiles that open in a new tab. */
export function PartnerDocuments({ documents }: { documents: PartnerDocument[] }) {
  const { t } = useFeatureT(partnersText);
  const label = (field: string) => (DOCUMENT_LABELS[field] ? t(DOCUMENT_LABELS[field]) : field);

  return (
    <section className="partner-section" aria-labelledby="partner-documents-title">
      <h2 id="partner-documents-title">{t('partners.documents')}</h2>
      {documents.length === 0 ? (
        <p className="muted">{t('partners.noDocuments')}</p>
      ) : (
        <ul className="partner-documents">
          {documents.map((doc) => (
            <li key={doc.field}>
              {!doc.file_url ? (
                <p className="partner-document">
                  {label(doc.field)}: <span className="muted">{t('partners.fileMissing')}</span>
                </p>
              ) : doc.mime === 'application/pdf' ? (
                <a
                  className="preview-tile preview-tile--doc"
                  href={doc.file_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('partners.openPdf', { label: label(doc.field) })}
                >
                  <span className="preview-tile__doc-badge" aria-hidden="true">
                    PDF
                  </span>
                  <span className="preview-tile__name">{label(doc.field)}</span>
                </a>
              ) : (
                <figure className="partner-document">
                  <a
                    href={doc.file_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('partners.openImage', { label: label(doc.field) })}
                  >
                    <img src={doc.file_url} alt={label(doc.field)} className="partner-document__image" loading="lazy" />
                  </a>
                  <figcaption>{label(doc.field)}</figcaption>
                </figure>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
