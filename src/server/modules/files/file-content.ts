import { detectFileKind, FILE_KIND_LABEL, FILE_KIND_MIME, type FileKind } from '../../../domain/identity/file-signature';
import { said } from '../../kernels/messages';

/** What a file's first bytes say it is; the client's name and MIME type are not trusted. */
export type DetectedType = { mime: 'image/png' | 'image/jpeg' | 'application/pdf'; ext: 'png' | 'jpg' | 'pdf' };

const EXT: Record<FileKind, DetectedType['ext']> = { png: 'png', jpeg: 'jpg', pdf: 'pdf' };

export function detectFileType(bytes: Buffer): DetectedType | undefined {
  const kind = detectFileKind(bytes);
  return kind ? { mime: FILE_KIND_MIME[kind] as DetectedType['mime'], ext: EXT[kind] } : undefined;
}

/** The kinds accepted, in words of the request's language: "PNG, JPEG or PDF". */
export const ACCEPTED_CONTENT = said('part.aBOrC', { a: FILE_KIND_LABEL.png, b: FILE_KIND_LABEL.jpeg, c: FILE_KIND_LABEL.pdf });
