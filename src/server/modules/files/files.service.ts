import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { IMAGE_MAX_PIXELS } from '../../../domain';
import type { Db, Tx } from '../../db/client';
import { transact } from '../../db/transact';
import type { DocumentPool } from '../../documents/document-pool';
import { files, type FileRow } from '../../db/schema';
import { accept, refuse, type Outcome, type Refusal } from '../../outcome';
import type { FileStorage } from '../../providers/storage/file-storage';
import { ACCEPTED_CONTENT, detectFileType } from './file-content';
import type { UploadBudget } from './public-upload-budget';
import { said } from '../../kernels/messages';

export type IncomingFile = { filename: string; bytes: Buffer };
export type FileMeta = {
  purpose: 'APPLY_LOAN' | 'JOIN_US';
  file_type?: string;
  upload_type?: string;
  application_id?: string;
  record_index?: number;
  uploaded_by?: number;
  client_address?: string;
};

/** The type of a workbook the server makes (the CAM). */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const newId = () => randomBytes(16).toString('hex');

/**
 * An image whose header claims more than IMAGE_MAX_PIXELS is refused (a phone would choke on it),
 * read in the document pool; a header it cannot read is let through (nothing here decodes it).
 */
async function imageRefusal(documents: Pick<DocumentPool, 'imageSize'>, tenant: string, bytes: Buffer): Promise<Refusal | undefined> {
  const size = await documents.imageSize(tenant, bytes);
  if (!size.ok) return size.refusal === 'busy' ? refuse(429, said('msg.documentsBusy'), 60) : refuse(422, said('msg.imageTooManyPixels'));
  if (size.value && size.value.width * size.value.height > IMAGE_MAX_PIXELS) return refuse(422, said('msg.imageTooManyPixels'));
  return undefined;
}

/**
 * Checks the content, stores the bytes under a random name and records the file. With a budget
 * (public uploads), the bytes must fit it: decided and recorded in one transaction, the bytes
 * written only once they fit.
 */
export async function storeFile(
  db: Db,
  storage: FileStorage,
  documents: Pick<DocumentPool, 'imageSize'>,
  tenant: string,
  file: IncomingFile,
  meta: FileMeta,
  now: number,
  budget?: UploadBudget,
): Promise<Outcome<FileRow>> {
  if (file.bytes.length === 0) return refuse(400, said('text.theFileNameIsEmpty', { name: file.filename }));
  const detected = detectFileType(file.bytes);
  if (!detected) return refuse(415, said('text.theFileNameIsNotA', { name: file.filename, types: ACCEPTED_CONTENT }));
  if (detected.mime !== 'application/pdf') {
    const refusal = await imageRefusal(documents, tenant, file.bytes);
    if (refusal) return refusal;
  }
  return transact(db, async (tx) => {
    const overBudget = budget && (await budget(tx, file.bytes.length));
    if (overBudget) return overBudget;
    return accept(await recordFile(tx, storage, tenant, file, detected.mime, meta, now));
  });
}

async function recordFile(
  tx: Tx,
  storage: FileStorage,
  tenant: string,
  file: IncomingFile,
  mime: string,
  meta: FileMeta,
  now: number,
): Promise<FileRow> {
  const id = newId();
  const storageName = newId();
  await storage.put(tenant, storageName, file.bytes);
  const [row] = await tx
    .insert(files)
    .values({
      tenant_id: tenant,
      id,
      storage_name: storageName,
      original_name: file.filename.slice(0, 255),
      mime,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      purpose: meta.purpose,
      file_type: meta.file_type,
      upload_type: meta.upload_type,
      application_id: meta.application_id,
      record_index: meta.record_index,
      uploaded_by: meta.uploaded_by,
      client_address: meta.client_address,
      created_at: new Date(now),
    })
    .returning();
  return row!;
}

/** A file the server made (a CAM workbook): stored like an upload, under a random name, with its own type. */
export async function storeGeneratedFile(
  db: Pick<Db, 'insert'>,
  storage: FileStorage,
  tenant: string,
  file: {
    bytes: Buffer;
    mime: string;
    original_name: string;
    purpose: string;
    file_type: string;
    application_id: string;
    uploaded_by: number;
  },
  now: number,
): Promise<FileRow> {
  const storageName = newId();
  await storage.put(tenant, storageName, file.bytes);
  const [row] = await db
    .insert(files)
    .values({
      tenant_id: tenant,
      id: newId(),
      storage_name: storageName,
      original_name: file.original_name.slice(0, 255),
      mime: file.mime,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      purpose: file.purpose,
      file_type: file.file_type,
      application_id: file.application_id,
      uploaded_by: file.uploaded_by,
      created_at: new Date(now),
    })
    .returning();
  return row!;
}

export async function findFile(db: Db, tenant: string, id: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.tenant_id, tenant), eq(files.id, id)));
  return row;
}

/** Public (join-us) uploads that no request claimed within a day are removed. */
export async function purgeUnclaimedPublicFiles(db: Db, storage: FileStorage, now: number): Promise<number> {
  const stale = await db
    .delete(files)
    .where(and(eq(files.purpose, 'JOIN_US'), isNull(files.attached_at), lt(files.created_at, new Date(now - 24 * 3_600_000))))
    .returning({ tenant: files.tenant_id, name: files.storage_name });
  for (const f of stale) await storage.remove(f.tenant, f.name);
  return stale.length;
}

export async function listApplicationFiles(db: Db, tenant: string, applicationId: string): Promise<FileRow[]> {
  return db
    .select()
    .from(files)
    .where(and(eq(files.tenant_id, tenant), eq(files.application_id, applicationId)))
    .orderBy(files.created_at);
}
