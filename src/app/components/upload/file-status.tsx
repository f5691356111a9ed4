import type { FileView } from '../../db/files.hooks';
import { useFeatureT } from '../../i18n/feature-text';
import { uploadText } from './upload.text';
import { formatDateTime } from '../format-time';

/** Where a file is: saved on the phone and waiting (or retrying), uploading, or uploaded; and its geo tag. */
export function FileStatus({ file, showName }: { file: FileView; showName?: boolean }) {
  const { t } = useFeatureT(uploadText);
  let text: string;
  if (file.uploadState === 'uploaded') text = t('upload.uploaded');
  else if (file.uploadState === 'uploading') text = t('upload.uploading');
  else if (file.upload?.state === 'retrying') text = t('upload.willRetry', { time: formatDateTime(file.upload.nextAttemptAt) });
  else text = t('upload.savedWaiting');

  return (
    <div className="file-status" data-testid="file-status" data-upload-state={file.uploadState}>
      {showName && <span className="file-status__name">{file.name}</span>}
      <span className={`file-status__badge file-status__badge--${file.uploadState}`}>{text}</span>
      {file.geo &&
        (file.geo.unavailable ? (
          <span className="file-status__geo">{t('upload.geoUnavailable')}</span>
        ) : (
          <span className="file-status__geo">
            {t('upload.geo', { latitude: file.geo.latitude.toFixed(5), longitude: file.geo.longitude.toFixed(5) })}
          </span>
        ))}
    </div>
  );
}
