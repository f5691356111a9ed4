import { useState } from 'react';
import { FileTooLargeError, type UploadFields } from '../../db/files.repository';
import { captureLocalFile, clearLocalFile } from '../../db/files.actions';
import type { FileView } from '../../db/files.hooks';
import type { GeoTag } from '../../db/records';
import { STORAGE_FULL_MESSAGE, StorageFullError } from '../../db/storage-errors';
import { getGeoTag } from '../../media/geo-tag';
import { notifyError } from '../notify';
import { checkFile, type AcceptToken, type Refusal } from './check-file';

type BoxError = { refusal: Refusal } | { message: string };

type Options = {
  applicationLocalId: string | undefined;
  field: string;
  entryLabel: string;
  fields: UploadFields;
  accept: readonly AcceptToken[];
  multiple: boolean | undefined;
  geoTag: boolean | undefined;
  /** The file input, focused when a cleared file's button is gone. */
  inputId: string;
};

/** The upload box's writes: a picked or captured file checked and kept on the phone (its upload queued), and Clear. */
export function useUploadStore({ applicationLocalId, field, entryLabel, fields, accept, multiple, geoTag, inputId }: Options) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BoxError | null>(null);

  const store = async (picked: File[], captured?: GeoTag) => {
    if (!applicationLocalId || picked.length === 0) return;
    setError(null);
    setBusy(true);
    try {
      for (const file of picked) {
        const check = await checkFile(file, accept);
        if (!check.ok) return setError({ refusal: check.refusal });
      }
      const geo = captured ?? (geoTag ? await getGeoTag() : undefined);
      // Spec 01 §7: camera captures are sent without the phone field.
      const { phone, ...rest } = fields;
      await captureLocalFile({
        applicationLocalId,
        field,
        label: entryLabel,
        fields: captured ? rest : { ...rest, ...(phone ? { phone } : {}) },
        multiple,
        files: picked.map((file) => ({ blob: file, name: file.name })),
        geo,
      });
    } catch (caught) {
      if (caught instanceof FileTooLargeError) return setError({ refusal: { key: 'upload.tooLarge' } });
      const message = caught instanceof StorageFullError ? STORAGE_FULL_MESSAGE : 'Something went wrong!';
      setError({ message });
      notifyError(message);
    } finally {
      setBusy(false);
    }
  };

  const clear = async (file: FileView) => {
    try {
      await clearLocalFile(file.localId);
      setError(null);
      // The clear button is gone: give the focus to the file input that replaces it.
      requestAnimationFrame(() => document.getElementById(inputId)?.focus());
    } catch (caught) {
      notifyError(caught instanceof StorageFullError ? STORAGE_FULL_MESSAGE : 'Something went wrong!');
    }
  };

  return { busy, error, setError, store, clear };
}
