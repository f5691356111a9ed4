import { useEffect, useId, useRef, useState } from 'react';
import { FILE_KIND_MIME, UPLOAD_MAX_BYTES, type Envelope } from '../../../domain';
import { extractErrorMessage } from '../../api/error-message';
import { useFeatureT } from '../../i18n/feature-text';
import { uploadText } from './upload.text';
import { NeedsConnection } from '../needs-connection';
import { compressImage } from '../../media/compress-image';
import { acceptAttribute, acceptsHint, checkFile, type AcceptToken, type Refusal } from './check-file';
import { DropZone } from './drop-zone';
import { RequiredMark } from '../required-mark';
import { FilePreviewCard } from './file-preview-card';
import type { UploadStatus } from './upload-box';
import type { PreviewFile } from './preview-file';

/** A file the server accepted: what a public form keeps (and its draft stores). */
export type UploadedFileRef = { file_id: string; name: string; uploaded_at: number };

export type PublicUpload = (
  file: File,
  options: { onProgress: (fraction: number) => void; signal: AbortSignal },
) => Promise<Envelope<{ file_id: string }>>;

export type PublicUploadBoxProps = {
  label: string;
  /** The payload field, e.g. `pan`. */
  field: string;
  accept: readonly AcceptToken[];
  value: UploadedFileRef | null;
  onChange: (value: UploadedFileRef | null) => void;
  upload: PublicUpload;
  online: boolean;
  /** The form cannot be submitted without it: marked beside the label, and required for screen readers. */
  required?: boolean;
};

type BoxError = { refusal: Refusal } | { message: string };

/**
 * Upload box of a public form (no device database, no outbox): a chosen or dropped file is
 * checked on the phone, then sent at once. Shows NONE, PROGRESS (with the percentage), SUCCESS
 * (preview while the file is in memory, its name after a reload, and Clear) or FAILED (why; the
 * value is cleared). Choosing a file needs a connection; clearing does not.
 */
export function PublicUploadBox({ label, field, accept, value, onChange, upload, online, required }: PublicUploadBoxProps) {
  const { t, tm, lang } = useFeatureT(uploadText);
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<BoxError | null>(null);
  const [preview, setPreview] = useState<PreviewFile | null>(null);
  const controller = useRef<AbortController | null>(null);
  const inputId = `${id}-input`;

  useEffect(() => () => controller.current?.abort(), []);

  const status: UploadStatus = progress !== null ? 'PROGRESS' : value ? 'SUCCESS' : error ? 'FAILED' : 'NONE';
  const failure = error ? ('refusal' in error ? t(error.refusal.key, error.refusal.vars) : tm(error.message)) : '';

  const send = async (file: File) => {
    setError(null);
    onChange(null);
    setPreview(null);
    const check = await checkFile(file, accept);
    if (!check.ok) return setError({ refusal: check.refusal });
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setProgress(0);
    try {
      // Photos are compressed on the phone first (a slow link sends 150-200 KB, not 5 MB).
      const compressed = check.kind === 'pdf' ? file : await compressImage(file).catch(() => file);
      if (current.signal.aborted) return;
      if (compressed.size > UPLOAD_MAX_BYTES) return setError({ refusal: { key: 'upload.tooLarge' } });
      const sent =
        compressed === file ? file : new File([compressed], file.name.replace(/\.(png|jpe?g)$/i, '') + '.jpg', { type: compressed.type });
      const answer = await upload(sent, { onProgress: setProgress, signal: current.signal });
      if (current.signal.aborted) return;
      if (!answer.success || !answer.data?.file_id) {
        console.warn(`Upload of ${field} failed`, answer);
        return setError({ message: (!answer.success && answer.message) || t('upload.failed') });
      }
      onChange({ file_id: answer.data.file_id, name: file.name, uploaded_at: Date.now() });
      setPreview({
        localId: answer.data.file_id,
        blob: sent,
        name: file.name,
        mime: sent === file ? FILE_KIND_MIME[check.kind] : sent.type,
      });
    } catch (caught) {
      if (current.signal.aborted) return;
      console.warn(`Upload of ${field} failed`, caught);
      setError({ message: extractErrorMessage(caught) });
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setProgress(null);
      }
    }
  };

  const clear = () => {
    onChange(null);
    setPreview(null);
    setError(null);
    // The Clear button is gone: give the focus to the file input that replaces it.
    requestAnimationFrame(() => document.getElementById(inputId)?.focus());
  };

  const shownPreview = preview && value && preview.localId === value.file_id ? preview : null;

  return (
    <div className="upload-box" data-testid={`upload-${field}`} data-field={field} data-status={status}>
      <span className="field-label">
        <span id={`${id}-label`}>{label}</span>
        {required && <RequiredMark />}
      </span>
      {value ? (
        <>
          {shownPreview && <FilePreviewCard files={[shownPreview]} label={label} />}
          <p className="file-status">
            <span className="file-status__name">{value.name}</span>
            <span className="file-status__badge file-status__badge--uploaded">{t('upload.uploaded')}</span>
          </p>
          <button
            type="button"
            className="button button--secondary upload-box__clear"
            aria-label={t('upload.clearNamed', { label })}
            onClick={clear}
          >
            {t('upload.clear')}
          </button>
        </>
      ) : (
        <DropZone
          inputId={inputId}
          labelledBy={`${id}-label`}
          describedBy={[`${id}-error`, online ? '' : `${id}-offline`].filter(Boolean).join(' ')}
          accept={acceptAttribute(accept)}
          hint={acceptsHint(accept, lang)}
          required={required}
          disabled={!online || progress !== null}
          onFiles={(files) => files[0] && void send(files[0])}
        />
      )}
      {progress !== null && (
        <p className="upload-box__progress" role="status">
          <progress max={1} value={progress} aria-label={t('upload.progressNamed', { label })} />
          {t('upload.progress', { percent: Math.round(progress * 100) })}
        </p>
      )}
      <p id={`${id}-error`} className="upload-box__error" role="alert">
        {failure}
      </p>
      {!online && !value && <NeedsConnection id={`${id}-offline`} />}
    </div>
  );
}
