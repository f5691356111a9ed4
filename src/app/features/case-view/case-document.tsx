import { useState } from 'react';
import { PreviewModal } from '../../components/upload/preview-modal';
import { isPdf } from '../../components/upload/preview-file';
import { ServerFilePreview } from '../../components/upload/server-file-preview';
import { useObjectUrl } from '../../components/upload/use-object-url';
import type { LocalFileWithBlob } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { useCase } from './case-context';
import { caseViewText } from './case-view.text';

/** A file captured on this phone: its thumbnail from the stored bytes (offline too), opening the preview. */
function LocalDocument({ id, file, label }: { id: string; file: LocalFileWithBlob; label: string }) {
  const { t } = useFeatureT(caseViewText);
  const [open, setOpen] = useState(false);
  const url = useObjectUrl(file.blob, file.localId);
  const preview = { localId: file.localId, blob: file.blob, name: label, mime: file.mime };
  return (
    <figure className="server-file case-document" aria-labelledby={`${id}-label`}>
      <figcaption id={`${id}-label`} className="field-label">
        {label}
      </figcaption>
      <button
        type="button"
        className="case-document__thumb"
        aria-label={t('case.openDocument', { name: label })}
        onClick={() => setOpen(true)}
      >
        {isPdf(preview) ? (
          <span className="preview-tile__doc-badge" aria-hidden="true">
            PDF
          </span>
        ) : (
          url && <img src={url} alt="" className="server-file__image" />
        )}
      </button>
      {open && <PreviewModal files={[preview]} startIndex={0} label={label} onClose={() => setOpen(false)} />}
    </figure>
  );
}

/** One document of the case: from this phone when it is here, else the server's preview (online). */
export function CaseDocument({ id, fileId, label }: { id: string; fileId: string; label: string }) {
  const { t } = useFeatureT(caseViewText);
  const local = useCase().localFile(fileId);
  // Asked of the server only once it is known not to be on this phone.
  if (local === 'loading')
    return (
      <figure className="server-file case-document" aria-labelledby={`${id}-label`}>
        <figcaption id={`${id}-label`} className="field-label">
          {label}
        </figcaption>
        <p role="status">{t('kyc.loadingPreview')}</p>
      </figure>
    );
  if (local) return <LocalDocument id={id} file={local} label={label} />;
  return <ServerFilePreview id={id} fileId={fileId} label={label} />;
}
