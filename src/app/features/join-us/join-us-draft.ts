import type { UploadedFileRef } from '../../components/upload/public-upload-box';
import { deleteFormDraft, loadFormDraft, saveFormDraft } from '../../db/drafts.actions';
import { DEVICE_KEYS } from '../../session/local-keys';
import { readJson, removeItem } from '../../session/safe-storage';
import { EMPTY_VALUES, FILE_FIELDS, TEXT_FIELDS, type FileField, type TextValues } from './join-us-fields';
import { isObject } from '../../../domain/shared/is-object';

export type JoinUsFiles = Partial<Record<FileField, UploadedFileRef>>;

/** What a reload must not lose: the texts and the uploaded files (ids and names, not bytes). */
export type JoinUsDraft = {
  values: TextValues;
  files: JoinUsFiles;
  /** The mobile came from the login screen and is read-only. */
  mobileLocked: boolean;
  /** The pincode lookup failed: city and state are typed. */
  manualCityState: boolean;
};

/** The draft's name in the device database (signed out: the "new" slot, like every form before its application). */
export const JOIN_US_FORM = 'join_us';

/** The server removes public uploads no request claimed within a day; older ids are dropped. */
export const UPLOAD_KEPT_MS = 23 * 3_600_000;

export const EMPTY_DRAFT: JoinUsDraft = { values: EMPTY_VALUES, files: {}, mobileLocked: false, manualCityState: false };

function readFileRef(value: unknown, now: number): UploadedFileRef | undefined {
  if (!isObject(value)) return undefined;
  const { file_id, name, uploaded_at } = value;
  if (typeof file_id !== 'string' || file_id === '' || typeof name !== 'string' || typeof uploaded_at !== 'number') return undefined;
  return now - uploaded_at < UPLOAD_KEPT_MS ? { file_id, name, uploaded_at } : undefined;
}

/** A stored draft, whatever was stored: unknown keys and wrong types are dropped. */
export function readJoinUsDraft(stored: unknown, now = Date.now()): JoinUsDraft {
  if (!isObject(stored)) return EMPTY_DRAFT;
  const values = { ...EMPTY_VALUES };
  const storedValues = isObject(stored.values) ? stored.values : {};
  for (const name of TEXT_FIELDS) {
    const value = storedValues[name];
    if (typeof value === 'string') values[name] = value;
  }
  const files: JoinUsFiles = {};
  const storedFiles = isObject(stored.files) ? stored.files : {};
  for (const field of FILE_FIELDS) {
    const ref = readFileRef(storedFiles[field], now);
    if (ref) files[field] = ref;
  }
  return { values, files, mobileLocked: stored.mobileLocked === true, manualCityState: stored.manualCityState === true };
}

/**
 * The saved draft, from the device database like every other draft. A draft an older version
 * kept in local storage moves into the database once.
 */
export async function loadJoinUsDraft(now = Date.now()): Promise<JoinUsDraft> {
  const legacy = readJson(DEVICE_KEYS.joinUsDraft);
  if (legacy !== null && legacy !== undefined) {
    removeItem(DEVICE_KEYS.joinUsDraft);
    const moved = readJoinUsDraft(legacy, now);
    await saveFormDraft(JOIN_US_FORM, moved).catch(() => undefined);
    return moved;
  }
  return readJoinUsDraft(await loadFormDraft(JOIN_US_FORM).catch(() => undefined), now);
}

export const clearJoinUsDraft = () => deleteFormDraft(JOIN_US_FORM);
