import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationUploadFields, joinUsUploadFields, PATTERNS, type Route } from '../../../domain';
import { FILE_ROUTES } from '../../../domain/routes/files.table';
import type { FileRow } from '../../db/schema';
import { fail, failWith, ok, parseInput } from '../../http/envelope';
import { checkedByService } from '../../http/route-schemas';
import { tableRoute } from '../../http/table-route';
import { accept, refuse, type Outcome } from '../../outcome';
import { loadApplicationFor, requireApplicationRole } from '../../kernels/access';
import { limitJoinUsByAddress } from '../join-us/join-us-limits';
import { sessionIsLive, sessionLimitsOf } from '../auth/session.service';
import { loadFileFor, uploadRefusal } from './file-access';
import { signFileUrl, verifyFileUrl } from '../../kernels/files';
import { findFile, listApplicationFiles, storeFile, XLSX_MIME, type FileMeta } from './files.service';
import { guestUploadBudget, PUBLIC_UPLOAD_MSG, publicUploadBudget, type UploadBudget } from './public-upload-budget';
import { errorResponse, fileBytes } from '../../http/route-responses';
import { fieldValue, fileParts, isMultipart, type MultipartBody } from './multipart-body';

const NEEDS_MULTIPART = 'Send the file as multipart/form-data';
const AADHAAR_FRONT = 'AADHAAR_FRONT';

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Uploads open in the page under their id; a workbook the server made (a CAM) downloads as .xlsx
 * under the name the server gave it (cam-file-name.ts: letters, digits and dashes only).
 */
const dispositionOf = (row: FileRow) =>
  row.mime === XLSX_MIME
    ? `attachment; filename="${/^[A-Za-z0-9-]+\.xlsx$/.test(row.original_name) ? row.original_name : `${row.id}.xlsx`}"`
    : `inline; filename="${row.id}.${row.mime.split('/')[1]}"`;

const textFields = (body: MultipartBody, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, fieldValue(body, name)]).filter(([, v]) => v !== undefined));

/** The metadata fields of an application upload, parsed with the domain's schema, and whether the caller may attach it. */
async function applicationUploadMeta(app: FastifyInstance, request: FastifyRequest, body: MultipartBody): Promise<Outcome<FileMeta>> {
  const fields = parseInput(applicationUploadFields, textFields(body, Object.keys(applicationUploadFields.shape)), 'Upload fields');
  if (!fields.ok) return refuse(400, fields.message);
  const { record_index: recordIndex, file_type, upload_type } = fields.value;
  // A guest's upload goes to its own application (the camera's carries none: the guest's is meant).
  const applicationId = fields.value.application_id ?? request.user?.guest?.application_id;
  const refusal = await uploadRefusal(app.db, request.tenant, request.user!, applicationId);
  if (refusal) return refusal;
  return accept({
    purpose: 'APPLY_LOAN',
    file_type,
    upload_type,
    application_id: applicationId,
    record_index: recordIndex === undefined ? undefined : Number(recordIndex),
    uploaded_by: request.user?.id,
    ...(request.user?.guest ? { client_address: request.ip } : {}),
  });
}

/** A stored upload, with the bytes it was stored from (an Aadhaar front is read from them). */
type StoredUpload = { row: FileRow; bytes: Uint8Array };

/** Stores every file part of `field`, in order; the first refused one ends it. */
async function storeAll(
  app: FastifyInstance,
  request: FastifyRequest,
  field: string,
  meta: FileMeta,
  budget?: UploadBudget,
): Promise<Outcome<StoredUpload[]>> {
  const parts = await fileParts(request.body as MultipartBody, field);
  if (parts.length === 0) return refuse(400, `No file was sent in the "${field}" field`);
  const stored: StoredUpload[] = [];
  for (const part of parts) {
    const row = await storeFile(app.db, app.storage, app.documents, request.tenant, part, meta, app.clock.now(), budget);
    if (!row.ok) return row;
    stored.push({ row: row.value, bytes: part.bytes });
  }
  return accept(stored);
}

/**
 * `parsed_data` of an upload: an Aadhaar front photo's Secure QR, else its printed text (OCR),
 * read in the document pool (staff and guest uploads alike); null for every other document and
 * whenever nothing was read.
 */
function parsedDataOf(app: FastifyInstance, request: FastifyRequest, { row, bytes }: StoredUpload) {
  if (row.file_type !== AADHAAR_FRONT || !row.mime.startsWith('image/')) return Promise.resolve(null);
  return app.providers.aadhaarFront.read(bytes, request.tenant);
}

/** An application upload: its fields, the access rule, then the files. */
async function storeApplicationUpload(app: FastifyInstance, request: FastifyRequest, field: string): Promise<Outcome<StoredUpload[]>> {
  if (!isMultipart(request.body) || !request.isMultipart()) return refuse(415, NEEDS_MULTIPART);
  const meta = await applicationUploadMeta(app, request, request.body);
  if (!meta.ok) return meta;
  const guest = request.user?.guest;
  const budget = guest
    ? guestUploadBudget(
        app.config,
        request.tenant,
        { id: request.user!.id, applicationId: guest.application_id },
        request.ip,
        app.clock.now(),
      )
    : undefined;
  return storeAll(app, request, field, meta.value, budget);
}

/**
 * Uploads, file lists and file links. The upload and link routes check the role on request (an
 * AGENT is refused before a multipart body is read); whose application it is, once the fields
 * or the query name it.
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const F = FILE_ROUTES;
  // A route whose input the handler parses (checkedByService): its schema is for the document only.
  const parsedByHandler = (route: Route, extra: Parameters<typeof tableRoute>[2] = {}) => {
    const { schema, ...rest } = tableRoute(app, route, extra);
    return { ...rest, ...checkedByService(schema) };
  };
  // The multipart bodies: the domain's upload fields and the file part(s), read from the parts.
  const multipart = (route: Route) => {
    const { schema, ...rest } = parsedByHandler(route, { more: [413, 415] });
    return { ...rest, schema: { ...schema, consumes: ['multipart/form-data'] } };
  };
  const fileUrl = (request: FastifyRequest, fileId: string) =>
    signFileUrl(app.secrets.fileUrl, { tenant: request.tenant, fileId, sessionId: request.user!.session_id }, app.clock.now());
  const staff = { onRequest: [requireApplicationRole] };
  // The public applicant flow's guest token uploads to and reads its own application (access-policy.ts, GUEST).
  const guestToo = { ...staff, config: { guest: true as const } };
  // One file per request where one file id is answered: the parser stops at a second file part
  // (400, nothing kept), so a request cannot store files no one can reach.
  const oneFile = { multipartOptions: { limits: { files: 1 } }, tooManyFiles: PUBLIC_UPLOAD_MSG.oneFile };

  app.route({
    ...multipart(F.upload),
    ...guestToo,
    config: { ...guestToo.config, ...oneFile },
    handler: async (request, reply) => {
      const stored = await storeApplicationUpload(app, request, 'file');
      if (!stored.ok) return failWith(reply, stored);
      const upload = stored.value[0]!;
      const parsed = await parsedDataOf(app, request, upload);
      return ok({ file_id: upload.row.id, parsed_data: parsed, file_url: fileUrl(request, upload.row.id) });
    },
  });

  app.route({
    ...multipart(F.bulkUpload),
    ...guestToo,
    handler: async (request, reply) => {
      const stored = await storeApplicationUpload(app, request, 'files');
      if (!stored.ok) return failWith(reply, stored);
      return ok({ files: stored.value.map(({ row }) => ({ file_id: row.id, file_url: fileUrl(request, row.id) })) });
    },
  });

  // Public: counted with the other join-us calls per client address before the body is read; one
  // file per request (as above) within the byte budget of the address and the tenant (public-upload-budget.ts).
  app.route({
    ...multipart(F.joinUsUpload),
    onRequest: limitJoinUsByAddress,
    config: oneFile,
    handler: async (request, reply) => {
      if (!isMultipart(request.body) || !request.isMultipart()) return fail(reply, 415, NEEDS_MULTIPART);
      const fields = parseInput(joinUsUploadFields, textFields(request.body, ['file_type']), 'Upload fields');
      if (!fields.ok) return fail(reply, 400, fields.message);
      const budget = publicUploadBudget(app.config, request.tenant, request.ip, app.clock.now());
      const meta = { purpose: 'JOIN_US', file_type: fields.value.file_type, client_address: request.ip } as const;
      const stored = await storeAll(app, request, 'file', meta, budget);
      if (!stored.ok) return failWith(reply, stored);
      return ok({ file_id: stored.value[0]!.row.id });
    },
  });

  app.route({
    ...tableRoute(app, F.fileUrl),
    ...staff,
    handler: async (request, reply) => {
      const file = await loadFileFor(app.db, request.tenant, request.user!, request.query.file_id);
      if (!file.ok) return failWith(reply, file);
      return ok({ file_url: fileUrl(request, file.value.id) });
    },
  });

  app.route({
    ...tableRoute(app, F.applicationFiles),
    handler: async (request, reply) => {
      const { id } = request.params;
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
          file_url: fileUrl(request, row.id),
        })),
      );
    },
  });

  // The signed URL itself: no token (an <img src> cannot send one), but bound to the tenant and to
  // the session that made it, which must still be live (a logout ends its links). Any malformed
  // part of it is just a link that is not valid here (403), so the handler checks it.
  app.route<{ Params: { id: string }; Querystring: { expires?: string; sid?: string; sig?: string } }>({
    ...parsedByHandler(F.file, { response: { 200: fileBytes, 403: errorResponse, 404: errorResponse } }),
    handler: async (request, reply) => {
      const { id } = request.params;
      const { sid = '', sig = '' } = request.query;
      const now = app.clock.now();
      const link = { tenant: request.tenant, fileId: id, sessionId: sid };
      const valid =
        PATTERNS.applicationId.test(id) &&
        SESSION_ID.test(sid) &&
        verifyFileUrl(app.secrets.fileUrl, link, Number(request.query.expires), sig, now) &&
        (await sessionIsLive(app.db, sessionLimitsOf(app.config), request.tenant, sid, now));
      if (!valid) return fail(reply, 403, 'This link has expired or is not valid here');
      const row = await findFile(app.db, request.tenant, id);
      if (row && app.config.fileLinks === 'store' && app.storage.presignedUrl) {
        // The link was checked here (tenant, session); the bytes come from the bucket itself.
        const url = await app.storage.presignedUrl(row.tenant_id, row.storage_name, {
          seconds: 60,
          mime: row.mime,
          disposition: dispositionOf(row),
        });
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      }
      const bytes = row && (await app.storage.get(row.tenant_id, row.storage_name));
      if (!row || !bytes) return fail(reply, 404, 'File not found');
      return reply
        .header('content-type', row.mime)
        .header('cache-control', 'private, max-age=600')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', dispositionOf(row))
        .send(bytes);
    },
  });
};
