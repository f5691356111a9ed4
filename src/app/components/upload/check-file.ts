import { detectFileKind, FILE_KIND_LABEL, SIGNATURE_BYTES, UPLOAD_MAX_BYTES, type FileKind } from '../../../domain';
import type { Language } from '../../i18n/languages';
import { textOf } from '../../i18n/feature-text';
import type { Vars } from '../../i18n/translate';
import { uploadText, type UploadKey } from './upload.text';

/** What an upload box lists: png, jpg, jpeg and, where allowed, pdf (spec 01 §5 "File inputs"). */
export type AcceptToken = 'png' | 'jpg' | 'jpeg' | 'pdf';

export const IMAGE_OR_PDF: AcceptToken[] = ['png', 'jpg', 'jpeg', 'pdf'];
export const IMAGES_ONLY: AcceptToken[] = ['png', 'jpg', 'jpeg'];
export const PDF_ONLY: AcceptToken[] = ['pdf'];

/** 'PNG, JPEG or PDF' in the language shown ('PNG, JPEG या PDF'): the joining word is translated, not the kinds. */
export function kindsInWords(kinds: readonly FileKind[], language?: Language): string {
  const labels = kinds.map((k) => FILE_KIND_LABEL[k]);
  if (labels.length <= 1) return labels[0] ?? '';
  return textOf(uploadText, 'upload.kindsOr', { list: labels.slice(0, -1).join(', '), last: labels[labels.length - 1]! }, language);
}

/**
 * What a drop zone says it takes: photos are compressed on the phone before the 10 MB limit
 * applies (files.repository.ts, public-upload-box.tsx), a PDF is sent as it is and must be within it.
 */
export function acceptsHint(tokens: readonly AcceptToken[], language?: Language): string {
  const kinds = acceptedKinds(tokens);
  const photos = kinds.some((kind) => kind !== 'pdf');
  const types = { types: kindsInWords(kinds, language) };
  if (!photos) return textOf(uploadText, 'upload.accepts', types, language);
  return textOf(uploadText, kinds.includes('pdf') ? 'upload.acceptsPhotosOrFiles' : 'upload.acceptsPhotos', types, language);
}

const MIME: Record<AcceptToken, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', pdf: 'application/pdf' };

/** The `accept` attribute: extensions and MIME types, so pickers on every platform filter. */
export function acceptAttribute(tokens: readonly AcceptToken[]): string {
  return [...new Set([...tokens.map((t) => `.${t}`), ...tokens.map((t) => MIME[t])])].join(',');
}

export function acceptedKinds(tokens: readonly AcceptToken[]): FileKind[] {
  const kinds: FileKind[] = [];
  if (tokens.includes('png')) kinds.push('png');
  if (tokens.includes('jpg') || tokens.includes('jpeg')) kinds.push('jpeg');
  if (tokens.includes('pdf')) kinds.push('pdf');
  return kinds;
}

/** A photo straight off a 50 MP camera is larger than the upload limit before compression. */
const IMAGE_SIZE_FACTOR = 4;

export type Refusal = { key: UploadKey; vars?: Vars };
export type FileCheck = { ok: true; kind: FileKind } | { ok: false; refusal: Refusal };

async function firstBytes(file: Blob): Promise<Uint8Array> {
  const head = file.slice(0, SIGNATURE_BYTES);
  if (typeof head.arrayBuffer === 'function') return new Uint8Array(await head.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(head);
  });
}

/**
 * Refuses on the device, with the reason, what the server would refuse: an empty file, one
 * over 10 MB, or one whose first bytes are not an accepted kind (the name is not trusted).
 */
export async function checkFile(file: Blob & { name: string }, tokens: readonly AcceptToken[]): Promise<FileCheck> {
  const kinds = acceptedKinds(tokens);
  if (file.size === 0) return { ok: false, refusal: { key: 'upload.empty', vars: { name: file.name } } };
  // Photos are compressed on the phone before the limit applies (files.repository checks the
  // result); a document is sent as it is, so its size counts now.
  if (file.size > UPLOAD_MAX_BYTES * IMAGE_SIZE_FACTOR) return { ok: false, refusal: { key: 'upload.tooLarge' } };
  let bytes: Uint8Array;
  try {
    bytes = await firstBytes(file);
  } catch {
    return { ok: false, refusal: { key: 'upload.unreadable' } };
  }
  const kind = detectFileKind(bytes);
  if (!kind || !kinds.includes(kind))
    return { ok: false, refusal: { key: 'upload.notAccepted', vars: { name: file.name, types: kindsInWords(kinds) } } };
  if (kind === 'pdf' && file.size > UPLOAD_MAX_BYTES) return { ok: false, refusal: { key: 'upload.tooLarge' } };
  return { ok: true, kind };
}
