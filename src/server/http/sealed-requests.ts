import { isObject } from '../../domain/shared/is-object';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveReferences } from '../../domain/records/outbox-references';
import { conditionHeaders, parseCondition } from '../../domain/records/versioned-records';
import {
  parseSealedEnvelope,
  pathMatchesTemplate,
  referenceKey,
  SEALED_CONTENT_TYPE,
  SEALED_FIELD,
  sealedAad,
  type SealedEnvelope,
  type SealedJsonPlain,
  type SealedUploadPlain,
} from '../../domain/identity/sealed-envelope';
import { openPart, requestKey, SEALED_MSG, SealedRequestError } from '../keys/outbox-key';
import type { KeyRing } from '../providers/kms/kms-provider';
import { findBadValue, JSON_BODY_LIMIT, parseJson } from './input-hygiene';

type Part = {
  type: 'field' | 'file';
  fieldname: string;
  value?: unknown;
  filename?: string;
  mimetype?: string;
  toBuffer?: () => Promise<Buffer>;
};
type MultipartBody = Record<string, Part | Part[] | undefined>;

const asList = (value: Part | Part[] | undefined): Part[] => (Array.isArray(value) ? value : value ? [value] : []);

/** The sealed JSON part, parsed and checked like a clear JSON body (depth, text, keys). */
function openJsonPart(key: Buffer, envelope: SealedEnvelope, method: string, idempotencyKey: string): unknown {
  const plain = openPart(key, envelope.iv, Buffer.from(envelope.ct, 'base64url'), sealedAad(method, idempotencyKey, 'json'));
  return parseJson(plain.toString('utf8'));
}

/** The sealed body's `{"$app": …}` and `{"$file": …}` replaced by the server ids the envelope names in clear. */
function substitute(value: unknown, refs: Record<string, string> | undefined): unknown {
  const resolved = resolveReferences(value, (ref) => refs?.[referenceKey(ref)]);
  if (!resolved.ok) throw new SealedRequestError(SEALED_MSG.missingRef);
  return resolved.value;
}

function checkPath(path: string, template: unknown): void {
  if (typeof template !== 'string' || !pathMatchesTemplate(path, template)) throw new SealedRequestError(SEALED_MSG.wrongPath);
}

/**
 * A sealed JSON request opened: its body with the references substituted, and a versioned write's
 * condition (as headers); `path` must be the one it was sealed for.
 */
export function openSealedJson(
  ring: KeyRing,
  body: unknown,
  request: { method: string; path: string; idempotencyKey: string },
): { body: unknown; headers: Record<string, string> } {
  const envelope = parseSealedEnvelope(body);
  if (!envelope) throw new SealedRequestError(SEALED_MSG.malformed);
  const plain = openJsonPart(requestKey(ring, envelope), envelope, request.method, request.idempotencyKey) as SealedJsonPlain;
  checkPath(request.path, plain?.url);
  const condition = plain.condition === undefined ? undefined : parseCondition(plain.condition);
  if (condition === null) throw new SealedRequestError(SEALED_MSG.malformed);
  return { body: substitute(plain.body ?? {}, envelope.refs), headers: condition ? conditionHeaders(condition) : {} };
}

export type OpenedUpload = { fields: Record<string, string>; files: { name: string; type: string; bytes: Buffer }[] };

/** A sealed upload opened: its text fields (references substituted) and its files with their real names and types. */
export function openSealedUpload(
  ring: KeyRing,
  envelopeText: string,
  sealedFiles: Buffer[],
  request: { path: string; idempotencyKey: string },
): OpenedUpload {
  let envelope: SealedEnvelope | null;
  try {
    envelope = parseSealedEnvelope(JSON.parse(envelopeText));
  } catch {
    envelope = null;
  }
  if (!envelope) throw new SealedRequestError(SEALED_MSG.malformed);
  const key = requestKey(ring, envelope);
  const plain = openJsonPart(key, envelope, 'POST', request.idempotencyKey) as SealedUploadPlain;
  checkPath(request.path, plain?.url);
  const fields = substitute(plain.fields ?? {}, envelope.refs);
  const ivs = envelope.files ?? [];
  if (!isObject(fields)) throw new SealedRequestError(SEALED_MSG.malformed);
  if (sealedFiles.length !== ivs.length || !Array.isArray(plain.names) || plain.names.length !== ivs.length) {
    throw new SealedRequestError(SEALED_MSG.malformed);
  }
  const clearFields: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields as Record<string, unknown>)) {
    if (value !== undefined && value !== null) clearFields[name] = String(value);
  }
  return {
    fields: clearFields,
    files: sealedFiles.map((bytes, i) => ({
      name: String(plain.names[i] ?? 'upload'),
      type: String(plain.types?.[i] ?? 'application/octet-stream'),
      bytes: openPart(key, ivs[i]!, bytes, sealedAad('POST', request.idempotencyKey, `file:${i}`)),
    })),
  };
}

function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers['idempotency-key'];
  if (typeof header !== 'string' || header.length === 0) throw new SealedRequestError('A sealed request needs its Idempotency-Key');
  return header;
}

/** A sealed upload: its fields and files become the clear parts the route reads. */
async function openUpload(ring: KeyRing, request: FastifyRequest, body: MultipartBody): Promise<void> {
  const field = asList(body[SEALED_FIELD])[0];
  const fileField = ['file', 'files'].find((name) => body[name] !== undefined);
  const parts = fileField ? asList(body[fileField]).filter((p) => p.type === 'file') : [];
  const sealedFiles = await Promise.all(parts.map((p) => p.toBuffer!()));
  const opened = openSealedUpload(ring, field?.type === 'field' ? String(field.value) : '', sealedFiles, {
    path: request.url,
    idempotencyKey: idempotencyKeyOf(request),
  });
  const clear: MultipartBody = {};
  for (const [name, value] of Object.entries(opened.fields)) clear[name] = { type: 'field', fieldname: name, value };
  const files = opened.files.map((file): Part => ({
    type: 'file',
    fieldname: fileField!,
    filename: file.name,
    mimetype: file.type,
    toBuffer: async () => file.bytes,
  }));
  if (fileField) clear[fileField] = fileField === 'files' ? files : files[0];
  const problem = findBadValue(clear);
  if (problem) throw new SealedRequestError(problem);
  request.body = clear;
}

/**
 * The sealed outbox on the server (issue 24 part 3, domain/identity/sealed-envelope.ts). A JSON request sent
 * as `application/vnd.sahyog.sealed+json`, or a multipart upload with a `sahyog_sealed` field, is
 * opened here with the outbox key (from the key source, never the database), before the route's
 * Idempotency-Key check (so its fingerprint is of the opened body: a replay of the stored envelope
 * is the same request) and before body validation and the upload's content check, which see the
 * clear request as if it had been sent so. A changed, damaged or foreign envelope is a 400 with
 * the reason.
 */
export function registerSealedRequests(app: FastifyInstance): void {
  app.addContentTypeParser(SEALED_CONTENT_TYPE, { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT * 2 }, (_request, body, done) => {
    try {
      done(null, parseJson(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addHook('preValidation', async (request) => {
    const ring = request.server.secrets.outboxKey;
    const type = request.headers['content-type'] ?? '';
    if (type.startsWith(SEALED_CONTENT_TYPE)) {
      const opened = openSealedJson(ring, request.body, {
        method: request.method,
        path: request.url,
        idempotencyKey: idempotencyKeyOf(request),
      });
      request.body = opened.body;
      request.sealedOpened = true;
      // The sealed condition is the one that counts: it was fixed, with the body, when the write was queued.
      Object.assign(request.headers, opened.headers);
      return;
    }
    if (request.isMultipart() && request.body && typeof request.body === 'object' && SEALED_FIELD in request.body) {
      await openUpload(ring, request, request.body as MultipartBody);
      request.sealedOpened = true;
    }
  });
}
