import { useId, useState } from 'react';
import type { UploadFields } from '../../db/files.repository';
import { useFilesFor, type FileView } from '../../db/files.hooks';
import { useFeatureT } from '../../i18n/feature-text';
import { uploadText } from './upload.text';
import { useFrameApplication } from '../application-frame/frame-application';
import { CameraModal } from './camera-modal';
import { acceptAttribute, acceptsHint, type AcceptToken } from './check-file';
import { DropZone } from './drop-zone';
import { KeptFiles } from './kept-files';
import { useUploadStore } from './use-upload-store';
import { RequiredMark } from '../required-mark';

/** Spec 01 §4 upload box status. */
export type UploadStatus = 'NONE' | 'PROGRESS' | 'SUCCESS' | 'FAILED';

export type UploadBoxProps = {
  label: string;
  applicationLocalId: string | undefined;
  /** The form field the file is the value of, e.g. `pan_file`. */
  field: string;
  /** English name of the upload in the sync centre, e.g. 'PAN'. */
  entryLabel: string;
  fields: UploadFields;
  accept: readonly AcceptToken[];
  /** Bank statements: several PDFs, sent together. */
  multiple?: boolean;
  /** Shows the 'Capture Image' button. */
  camera?: boolean;
  /** Geo-tags selected files too (camera captures always are). */
  geoTag?: boolean;
  /** The form cannot be submitted without it: marked beside the label, and required for screen readers. */
  required?: boolean;
};

export function uploadStatus(busy: boolean, kept: FileView[], failed: boolean): UploadStatus {
  if (busy) return 'PROGRESS';
  if (kept.length > 0) return 'SUCCESS';
  return failed ? 'FAILED' : 'NONE';
}

/**
 * Upload box: select, drop or capture a file; it is checked, compressed and saved on the phone,
 * and its upload queued. Shows the preview from the local blob and whether the file waits on
 * the phone or reached the server. Success offers Clear (value, preview and geo tag); failure
 * clears the value and says why (type, size, or the server's message for a parked upload).
 */
export function UploadBox({
  label,
  applicationLocalId,
  field,
  entryLabel,
  fields,
  accept,
  multiple,
  camera,
  geoTag,
  required,
}: UploadBoxProps) {
  const { t, tm, lang } = useFeatureT(uploadText);
  const id = useId();
  const files = useFilesFor(applicationLocalId, field) ?? [];
  const inputId = `${id}-input`;
  const { busy, error, setError, store, clear } = useUploadStore({
    applicationLocalId,
    field,
    entryLabel,
    fields,
    accept,
    multiple,
    geoTag,
    inputId,
  });
  const [cameraOpen, setCameraOpen] = useState(false);
  // An approved application takes no new file (issue 21 D16).
  const readOnly = useFrameApplication()?.readOnly === true;

  const kept = files.filter((f) => f.uploadState !== 'failed');
  const failed = files.find((f) => f.uploadState === 'failed');
  const status = uploadStatus(busy, kept, !!error || !!failed);
  const failure = error
    ? 'refusal' in error
      ? t(error.refusal.key, error.refusal.vars)
      : tm(error.message)
    : failed
      ? tm(failed.uploadError ?? failed.upload?.lastError ?? '')
      : '';

  return (
    <div className="upload-box" data-testid={`upload-${field}`} data-field={field} data-status={status}>
      <span className="field-label">
        <span id={`${id}-label`}>{label}</span>
        {required && <RequiredMark />}
      </span>
      {kept.length > 0 && <KeptFiles kept={kept} label={label} multiple={multiple} clear={clear} />}
      {(kept.length === 0 || multiple) && (
        <DropZone
          inputId={inputId}
          labelledBy={`${id}-label`}
          describedBy={`${id}-error`}
          accept={acceptAttribute(accept)}
          hint={acceptsHint(accept, lang)}
          multiple={multiple}
          disabled={busy || !applicationLocalId || readOnly}
          required={required}
          onFiles={(picked) => void store(picked)}
        />
      )}
      <p id={`${id}-error`} className="upload-box__error" role="alert">
        {failure}
      </p>
      {status === 'PROGRESS' && (
        <p className="upload-box__progress" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('upload.saving')}
        </p>
      )}
      {camera && kept.length === 0 && (
        <button
          type="button"
          className="button button--secondary upload-box__camera"
          disabled={busy || !applicationLocalId || readOnly}
          aria-label={t('upload.captureNamed', { label })}
          onClick={() => setCameraOpen(true)}
        >
          {t('upload.capture')}
        </button>
      )}
      {cameraOpen && (
        <CameraModal
          onCapture={(file, geo) => store([file], geo)}
          onError={(message) => setError({ message })}
          onClose={() => setCameraOpen(false)}
        />
      )}
    </div>
  );
}
