import { useRef, useState } from 'react';
import { useFeatureT } from '../../i18n/feature-text';
import { uploadText } from './upload.text';
import { isPdf, type PreviewFile } from './preview-file';
import { PreviewModal } from './preview-modal';
import { useObjectUrl } from './use-object-url';

/** One tile: an image thumbnail (opens the full-screen preview) or a PDF document tile (opens in a new tab). */
function PreviewTile({ file, onOpen }: { file: PreviewFile; onOpen: () => void }) {
  const { t } = useFeatureT(uploadText);
  const url = useObjectUrl(file.blob, file.localId);
  if (isPdf(file)) {
    return (
      <a
        className="preview-tile preview-tile--doc"
        href={url}
        target="_blank"
        rel="noopener"
        aria-label={t('preview.openPdf', { name: file.name })}
      >
        <span className="preview-tile__doc-badge" aria-hidden="true">
          PDF
        </span>
        <span className="preview-tile__name">{file.name}</span>
      </a>
    );
  }
  return (
    <button type="button" className="preview-tile" onClick={onOpen} aria-label={t('preview.open', { name: file.name })}>
      {url && <img src={url} alt="" className="preview-tile__image" />}
    </button>
  );
}

/** Thumbnails of the files on the device, a carousel when there are several, and the preview modal. */
export function FilePreviewCard({ files, label }: { files: PreviewFile[]; label: string }) {
  const { t } = useFeatureT(uploadText);
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const strip = useRef<HTMLUListElement>(null);
  const active = Math.min(index, Math.max(0, files.length - 1));

  const move = (step: number) => {
    const next = (active + step + files.length) % files.length;
    setIndex(next);
    strip.current?.children[next]?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest', inline: 'center' });
  };

  return (
    <div className="preview-card">
      <ul className="preview-strip" ref={strip} aria-label={label}>
        {files.map((file, i) => (
          <li key={file.localId} className="preview-strip__item" aria-current={files.length > 1 && i === active ? 'true' : undefined}>
            <PreviewTile file={file} onOpen={() => setOpen(i)} />
          </li>
        ))}
      </ul>
      {files.length > 1 && (
        <div className="preview-card__nav">
          <button type="button" className="button button--link" onClick={() => move(-1)}>
            {t('preview.previous')}
          </button>
          <span aria-live="polite">{t('preview.position', { index: active + 1, count: files.length })}</span>
          <button type="button" className="button button--link" onClick={() => move(1)}>
            {t('preview.next')}
          </button>
        </div>
      )}
      {open !== null && files.length > 0 && <PreviewModal files={files} startIndex={open} label={label} onClose={() => setOpen(null)} />}
    </div>
  );
}
