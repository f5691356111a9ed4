import { FILE_PATHS, pathOf, UPLOAD_MAX_BYTES } from '../../domain';
import { signalQueued } from '../sync/sync-signal';
import type { SahyogDb } from './db';
import { newLocalId } from './ids';
import { KV_KEYS, readKv, writeKv } from './kv.repository';
import { addToOutbox, readQueueContext, refreshApplicationSyncState, type QueueContext } from './outbox.repository';
import type { GeoTag, LocalFile, LocalFileWithBlob, OutboxEntry } from './records';
import { guardQuota } from './storage-errors';

/** The multipart fields of spec 01 §7 "Uploads" (application_id is added from the application). */
export type UploadFields = {
  file_type: string;
  upload_type: string;
  name_prefix: string;
  /** Omitted for camera captures. */
  phone?: string;
  /** Only with upload_type LOAN_APPLICANT_CO_APPLICANT. */
  record_index?: number;
};

export type UploadTarget = {
  applicationLocalId: string;
  /** The form field the file is the value of, e.g. `pan_file`. */
  field: string;
  /** What the sync centre calls the upload, e.g. 'PAN'. */
  label: string;
  fields: UploadFields;
  /** Bank statements: several files, sent together to bulk-upload; new files are added. */
  multiple?: boolean;
};

export type CaptureInput = UploadTarget & { files: { blob: Blob; name: string }[]; geo?: GeoTag };

export type CaptureDeps = {
  compress?: (blob: Blob) => Promise<Blob>;
  now?: () => number;
  requestPersistence?: () => Promise<unknown>;
};

/** Even after compression on the phone, the file is over the server's limit. */
export class FileTooLargeError extends Error {
  constructor(readonly fileName: string) {
    super(`${fileName} is too large`);
    this.name = 'FileTooLargeError';
  }
}

function jpegName(name: string): string {
  return /\.jpe?g$/i.test(name) ? name : `${name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
}

/** The photo compression (media/compress-image.ts), loaded with the first capture rather than with every screen that can capture. */
const compressOnDevice = async (blob: Blob): Promise<Blob> => (await import('../media/compress-image')).compressImage(blob);

/**
 * Stores what the officer selected or captured, and queues its upload. Images are compressed
 * first (off the main thread); then, in one transaction, the blobs with their geo tag and
 * capture time are stored, the field's previous file is cleared (single mode), and one upload
 * entry is queued whose application_id is `{"$app": localId}`. Either all of it is saved or,
 * on a full disk (StorageFullError), none of it.
 */
export async function captureFile(db: SahyogDb, input: CaptureInput, deps: CaptureDeps = {}): Promise<string[]> {
  const compress = deps.compress ?? compressOnDevice;
  const now = (deps.now ?? Date.now)();
  const records: LocalFileWithBlob[] = [];
  for (const file of input.files) {
    // A photo that cannot be compressed here is kept as it is: never lose a capture.
    const blob = await compress(file.blob).catch(() => file.blob);
    if (blob.size > UPLOAD_MAX_BYTES) throw new FileTooLargeError(file.name);
    const recompressed = blob !== file.blob && blob.type === 'image/jpeg';
    records.push({
      localId: newLocalId(),
      blob,
      name: recompressed ? jpegName(file.name) : file.name,
      mime: blob.type || file.blob.type,
      size: blob.size,
      geo: input.geo,
      capturedAt: now,
      applicationLocalId: input.applicationLocalId,
      field: input.field,
      uploadState: 'pending',
      uploadFields: { ...input.fields, application_id: { $app: input.applicationLocalId } },
    });
  }
  const ids = records.map((r) => r.localId);
  const context = await readQueueContext(db);
  await guardQuota(() =>
    db.transaction('rw', [db.files, db.fileBlobs, db.outbox, db.applications], async () => {
      if (!input.multiple) {
        const previous = await db.files.where('[applicationLocalId+field]').equals([input.applicationLocalId, input.field]).primaryKeys();
        await removeFiles(db, previous, context, now);
      }
      await putFiles(db, records);
      await addToOutbox(
        db,
        [
          {
            label: input.label,
            applicationLocalId: input.applicationLocalId,
            request: {
              kind: 'upload',
              base: 'main',
              url: pathOf(input.multiple ? FILE_PATHS.bulkUpload : FILE_PATHS.upload),
              fileField: input.multiple ? 'files' : 'file',
              fileLocalIds: ids,
              fields: records[0]!.uploadFields!,
            },
            effect: { type: 'files-uploaded', fileLocalIds: ids },
            files: records.map((r) => ({ blob: r.blob, name: r.name })),
          },
        ],
        context,
        now,
      );
    }),
  );
  void requestPersistenceOnce(db, deps.requestPersistence);
  signalQueued();
  return ids;
}

/**
 * The spec's clear: the file (value, preview, geo tag) leaves the device, and so does its
 * upload if still queued, in the same transaction. A bulk upload keeps its other files: they
 * are queued again under a new key (the old request may have reached the server as it was).
 */
export async function clearFile(db: SahyogDb, localId: string, now = Date.now()): Promise<void> {
  const context = await readQueueContext(db);
  await guardQuota(() =>
    db.transaction('rw', [db.files, db.fileBlobs, db.outbox, db.applications], () => removeFiles(db, [localId], context, now)),
  );
  signalQueued();
}

/** Stores files: the metadata row and, apart, the bytes. Call inside a transaction over both. */
export async function putFiles(db: SahyogDb, files: LocalFileWithBlob[]): Promise<void> {
  await db.files.bulkAdd(files.map(({ blob: _blob, ...meta }) => meta));
  await db.fileBlobs.bulkAdd(files.map((f) => ({ localId: f.localId, blob: f.blob })));
}

/** A file with its bytes, or undefined when either is gone. */
export async function getFileWithBlob(db: SahyogDb, localId: string): Promise<LocalFileWithBlob | undefined> {
  const [file, stored] = await Promise.all([db.files.get(localId), db.fileBlobs.get(localId)]);
  return file && stored ? { ...file, blob: stored.blob } : undefined;
}

async function removeFiles(db: SahyogDb, localIds: string[], context: QueueContext, now: number): Promise<void> {
  if (localIds.length === 0) return;
  const gone = new Set(localIds);
  const files = (await db.files.bulkGet(localIds)).filter((f): f is LocalFile => !!f);
  await db.files.bulkDelete(localIds);
  await db.fileBlobs.bulkDelete(localIds);
  const appIds = new Set(files.map((f) => f.applicationLocalId).filter((x): x is string => !!x));
  const entries: OutboxEntry[] = [];
  for (const appId of appIds) entries.push(...(await db.outbox.where('applicationLocalId').equals(appId).toArray()));
  for (const entry of entries) {
    if (entry.request.kind !== 'upload' || !entry.request.fileLocalIds.some((id) => gone.has(id))) continue;
    await db.outbox.delete(entry.seq!);
    const rest = entry.request.fileLocalIds.filter((id) => !gone.has(id));
    if (rest.length > 0) {
      // Queued again under a new key, so sealed again: from the files' bytes on the device.
      const [restFiles, restBlobs] = await Promise.all([db.files.bulkGet(rest), db.fileBlobs.bulkGet(rest)]);
      const files = rest.flatMap((_, i) => (restFiles[i] && restBlobs[i] ? [{ blob: restBlobs[i].blob, name: restFiles[i].name }] : []));
      await addToOutbox(
        db,
        [
          {
            label: entry.label,
            applicationLocalId: entry.applicationLocalId,
            request: {
              ...entry.request,
              fileLocalIds: rest,
              fields: restFiles.find((f) => f?.uploadFields)?.uploadFields ?? entry.request.fields,
            },
            effect: { type: 'files-uploaded', fileLocalIds: rest },
            files,
          },
        ],
        // Queued by whoever queued the first.
        { ...context, owner: entry.owner },
        now,
      );
    }
  }
  for (const appId of appIds) await refreshApplicationSyncState(db, appId);
}

/** Asks the browser once, at the first capture, not to evict this origin's data. */
async function requestPersistenceOnce(db: SahyogDb, request?: () => Promise<unknown>): Promise<void> {
  try {
    if (await readKv<boolean>(db, KV_KEYS.persistRequested)) return;
    await writeKv(db, KV_KEYS.persistRequested, true);
    const ask = request ?? (typeof navigator !== 'undefined' && navigator.storage?.persist ? () => navigator.storage.persist() : undefined);
    await ask?.();
  } catch {
    // Not granted or not supported: the data is still stored, only evictable.
  }
}

/**
 * Moves an application's files from one form field to another (a removed bank block's place
 * taken by the next one): the rows keep their bytes and their queued uploads.
 */
export async function moveFiles(db: SahyogDb, applicationLocalId: string, from: string, to: string): Promise<void> {
  await db.transaction('rw', [db.files], async () => {
    await db.files.where('[applicationLocalId+field]').equals([applicationLocalId, from]).modify({ field: to });
  });
}
