import type { FileView } from '../../db/files.hooks';
import { useFeatureT } from '../../i18n/feature-text';
import { FilePreviewCard } from './file-preview-card';
import { FileStatus } from './file-status';
import { uploadText } from './upload.text';

type Props = {
  /** The files kept for the field (not failed), at least one. */
  kept: FileView[];
  label: string;
  multiple: boolean | undefined;
  clear(file: FileView): Promise<void>;
};

/** The upload box's files: the preview, each file's state, and Clear (one per file of a multiple upload). */
export function KeptFiles({ kept, label, multiple, clear }: Props) {
  const { t } = useFeatureT(uploadText);
  return (
    <>
      <FilePreviewCard files={kept} label={label} />
      <ul className="upload-box__files" aria-live="polite">
        {kept.map((file) => (
          <li key={file.localId}>
            <FileStatus file={file} showName={multiple} />
            {multiple && (
              <button
                type="button"
                className="button button--link"
                aria-label={t('upload.clearNamed', { label: file.name })}
                onClick={() => void clear(file)}
              >
                {t('upload.clear')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {!multiple && (
        <button
          type="button"
          className="button button--secondary upload-box__clear"
          aria-label={t('upload.clearNamed', { label })}
          onClick={() => void clear(kept[0]!)}
        >
          {t('upload.clear')}
        </button>
      )}
    </>
  );
}
