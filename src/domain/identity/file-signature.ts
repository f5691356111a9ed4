/**
 * What a file's first bytes say it is. The device and the server both check the content this
 * way: a file's name and its claimed MIME type are not trusted.
 */
export type FileKind = 'png' | 'jpeg' | 'pdf';

export const FILE_KIND_MIME: Record<FileKind, string> = { png: 'image/png', jpeg: 'image/jpeg', pdf: 'application/pdf' };
export const FILE_KIND_LABEL: Record<FileKind, string> = { png: 'PNG', jpeg: 'JPEG', pdf: 'PDF' };

/** Largest upload the server accepts (and the device lets through): 10 MB. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** Largest image the server accepts, by the width × height its header claims (MSG.imageTooManyPixels). */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** How many leading bytes `detectFileKind` needs. */
export const SIGNATURE_BYTES = 8;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

export function detectFileKind(bytes: Uint8Array): FileKind | undefined {
  if (bytes.length >= PNG.length && PNG.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= PDF.length && PDF.every((b, i) => bytes[i] === b)) return 'pdf';
  return undefined;
}
