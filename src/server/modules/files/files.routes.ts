import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applicationUploadFields, joinUsUploadFields, PATTERNS } from '../../../domain';
import { fail, failWith, ok, parseInput } from '../../http/envelope';
import type { FileStorage } from '../../providers/storage/file-storage';
import { loadApplicationFor } from '../applications/application-access';
import { loadFileFor, uploadRefusal } from './file-access';
import { limitJoinUsByAddress } from '../join-us/join-us-limits';
import { signFileUrl, verifyFileUrl } from './file-url';
import { FileRefused, findFile, listApplicationFiles, storeFile, type FileMeta } from './files.service';
import { fieldValue, fileParts, isMultipart, type MultipartBody } from './multipart-body';

export type FilesRoutesOptions = { storage: FileStorage; urlSecret: string };

const NEEDS_MULTIPART = 'Send the file as multipart/form-data';

const textFields = (body: MultipartBody, names: readonly string[]) => Object.fromEntries(names.map((name) => [name, fieldValue(body, name)]).filter(([, v]) => v !== undefined));

/** Reads the metadata fields of an application upload; the refusal when one is malformed or the caller may not attach it. */
async function applicationUploadMeta(app: FastifyInstance, request: FastifyRequest, body: MultipartBody): Promise<FileMeta | { status: number; message: string }> {
  const fields = parseInput(applicationUploadFields, textFields(body, Object.keys(applicationUploadFields.shape)), 'Upload fields');
  if (!fields.ok) return { status: 400, message: fields.message };
  const { application_id: applicationId, record_index: recordIndex, file_type, upload_type } = fields.value;
  const refusal = await uploadRefusal(app.db, request.tenant, request.user!, applicationId);
  if (refusal) return refusal;
  return {
    purpose: 'APPLY_LOAN',
    file_type,
    upload_type,
    application_id: applicationId,
    record_index: recordIndex === undefined ? undefined : Number(recordIndex),
    uploaded_by: request.user?.id,
  };
}

async function storeAll(app: FastifyInstance, storage: FileStorage, request: FastifyRequest, reply: FastifyReply, field: string, meta: FileMeta) {
  const parts = await fileParts(request.body as MultipartBody, field);
  if (parts.length === 0) return { error: fail(reply, 400, `No file was sent in the "${field}" field`) };
  try {
    const rows = [];
    for (const part of parts) rows.push(await storeFile(app.db, storage, request.tenant, part, meta, app.clock.now()));
    return { rows };
  } catch (error) {
    if (error instanceof FileRefused) return { error: fail(reply, error.status, error.message) };
    throw error;
  }
}

export function filesRoutes(options: FilesRoutesOptions) {
  const { storage, urlSecret } = options;
  return async function register(app: FastifyInstance): Promise<void> {
    const fileUrl = (tenant: string, id: string) => signFileUrl(urlSecret, tenant, id, app.clock.now());

    app.post('/apply-loan/upload-file', async (request, reply) => {
      if (!isMultipart(request.body) || !request.isMultipart()) return fail(reply, 415, NEEDS_MULTIPART);
      const meta = await applicationUploadMeta(app, request, request.body);
      if ('status' in meta) return failWith(reply, meta);
      const stored = await storeAll(app, storage, request, reply, 'file', meta);
      if ('error' in stored) return stored.error;
      const row = stored.rows[0]!;
      return ok({ file_id: row.id, parsed_data: null, file_url: fileUrl(request.tenant, row.id) });
    });

    app.post('/apply-loan/bulk-upload', async (request, reply) => {
      if (!isMultipart(request.body) || !request.isMultipart()) return fail(reply, 415, NEEDS_MULTIPART);
      const meta = await applicationUploadMeta(app, request, request.body);
      if ('status' in meta) return failWith(reply, meta);
      const stored = await storeAll(app, storage, request, reply, 'files', meta);
      if ('error' in stored) return stored.error;
      return ok({ files: stored.rows.map((row) => ({ file_id: row.id, file_url: fileUrl(request.tenant, row.id) })) });
    });

    // Public: counted with the other join-us calls per client address before the body is read.
    app.post(
      '/join-us/upload-file',
      { config: { publicUpload: true }, onRequest: (request, reply) => limitJoinUsByAddress(request, reply) },
      async (request, reply) => {
        if (!isMultipart(request.body) || !request.isMultipart()) return fail(reply, 415, NEEDS_MULTIPART);
        const fields = parseInput(joinUsUploadFields, textFields(request.body, ['file_type']), 'Upload fields');
        if (!fields.ok) return fail(reply, 400, fields.message);
        const stored = await storeAll(app, storage, request, reply, 'file', {
          purpose: 'JOIN_US',
          file_type: fields.value.file_type,
          client_address: request.ip,
        });
        if ('error' in stored) return stored.error;
        return ok({ file_id: stored.rows[0]!.id });
      },
    );

    app.get('/loan-application/presigned-url', async (request, reply) => {
      const fileId = (request.query as Record<string, unknown>).file_id;
      if (typeof fileId !== 'string' || !PATTERNS.applicationId.test(fileId)) return fail(reply, 400, 'file_id must be 32 lowercase hex characters');
      const file = await loadFileFor(app.db, request.tenant, request.user!, fileId);
      if (!file.ok) return failWith(reply, file);
      return ok({ file_url: fileUrl(request.tenant, file.value.id) });
    });

    app.get('/app/mfi/:id/files', async (request, reply) => {
      const { id } = request.params as { id: string };
      const access = await loadApplicationFor(app.db, request.tenant, request.user!, id, 'read');
      if (!access.ok) return failWith(reply, access);
      const rows = await listApplicationFiles(app.db, request.tenant, id);
      return ok(
        rows.map((row) => ({
          file_id: row.id,
          file_type: row.file_type,
          upload_type: row.upload_type,
          record_index: row.record_index,
          mime: row.mime,
          size: row.size,
          sha256: row.sha256,
          created_at: row.created_at.toISOString(),
          file_url: fileUrl(request.tenant, row.id),
        })),
      );
    });

    // The signed URL itself: no token (an <img src> cannot send one), but bound to the tenant.
    app.get('/files/:id', async (request, reply) => {
      const { id } = request.params as { id: string };
      const query = request.query as Record<string, string | undefined>;
      const valid =
        PATTERNS.applicationId.test(id) &&
        verifyFileUrl(urlSecret, request.tenant, id, Number(query.expires), query.sig ?? '', app.clock.now());
      if (!valid) return fail(reply, 403, 'This link has expired or is not valid here');
      const row = await findFile(app.db, request.tenant, id);
      const bytes = row && (await storage.get(row.tenant_id, row.storage_name));
      if (!row || !bytes) return fail(reply, 404, 'File not found');
      return reply
        .header('content-type', row.mime)
        .header('cache-control', 'private, max-age=600')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${row.id}.${row.mime.split('/')[1]}"`)
        .send(bytes);
    });
  };
}
