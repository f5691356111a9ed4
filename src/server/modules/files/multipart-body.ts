import { isObject } from '../../../domain/shared/is-object';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';

type Part = MultipartFile | MultipartValue<unknown>;
export type MultipartBody = Record<string, Part | Part[] | undefined>;

const first = (part: Part | Part[] | undefined) => (Array.isArray(part) ? part[0] : part);

/** A text field of a multipart body (attachFieldsToBody), trimmed; undefined when absent or a file. */
export function fieldValue(body: MultipartBody | undefined, name: string): string | undefined {
  const part = first(body?.[name]);
  if (!part || part.type !== 'field') return undefined;
  const value = String(part.value ?? '').trim();
  return value === '' ? undefined : value;
}

/** The file parts under `name` (one or repeated), with their bytes. */
export async function fileParts(body: MultipartBody | undefined, name: string): Promise<{ filename: string; bytes: Buffer }[]> {
  const raw = body?.[name];
  const parts = (Array.isArray(raw) ? raw : raw ? [raw] : []).filter((p): p is MultipartFile => p.type === 'file');
  return Promise.all(parts.map(async (p) => ({ filename: p.filename || 'upload', bytes: await p.toBuffer() })));
}

export function isMultipart(body: unknown): body is MultipartBody {
  return isObject(body);
}
