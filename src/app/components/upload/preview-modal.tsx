import { useId, useState } from 'react';
import { useFeatureT } from '../../i18n/feature-text';
import { uploadText } from './upload.text';
import { Modal } from '../modal';
import { isPdf, type PreviewFile } from './preview-file';
import { useObjectUrl } from './use-object-url';

function PreviewItem({ file }: { file: PreviewFile }) {
  const { t } = useFeatureT(uploadText);
  const url = useObjectUrl(file.blob, file.localId);
  if (isPdf(file)) {
    return (
      <div className="preview-modal__doc">
        <span className="preview-tile__doc-badge" aria-hidden="true">
          PDF
        </span>
        <p>{file.name}</p>
        <a className="button button--secondary" href={url} target="_blank" rel="noopener">
          {t('preview.openInTab')}
        </a>
      </div>
    );
  }
  return url ? <img className="preview-modal__image" src={url} alt={file.name} /> : null;
}

/** Full-screen preview: Escape closes, focus stays inside and returns on close, arrows move. */
export function PreviewModal({
  files,
  startIndex,
  label,
  onClose,
}: {
  files: PreviewFile[];
  startIndex: number;
  label: string;
  onClose: () => void;
}) {
  const { t } = useFeatureT(uploadText);
  const id = useId();
  const [index, setIndex] = useState(startIndex);
  const file = files[Math.min(index, files.length - 1)]!;
  const move = (step: number) => setIndex((i) => (i + step + files.length) % files.length);

  return (
    <Modal
      labelledBy={`${id}-title`}
      onClose={onClose}
      className="modal--full preview-modal"
      onKeyDown={(event) => {
        if (files.length < 2) return;
        if (event.key === 'ArrowRight') move(1);
        else if (event.key === 'ArrowLeft') move(-1);
      }}
    >
      <div className="modal__header">
        <h2 id={`${id}-title`}>{t('preview.title', { label })}</h2>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <div className="preview-modal__body">
        <PreviewItem key={file.localId} file={file} />
      </div>
      {files.length > 1 && (
        <div className="preview-card__nav">
          <button type="button" className="button button--secondary" onClick={() => move(-1)}>
            {t('preview.previous')}
          </button>
          <span aria-live="polite">{t('preview.position', { index: index + 1, count: files.length })}</span>
          <button type="button" className="button button--secondary" onClick={() => move(1)}>
            {t('preview.next')}
          </button>
        </div>
      )}
    </Modal>
  );
}
