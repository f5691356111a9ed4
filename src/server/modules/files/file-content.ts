/** What a file's first bytes say it is; the client's name and MIME type are not trusted. */
export type DetectedType = { mime: 'image/png' | 'image/jpeg' | 'application/pdf'; ext: 'png' | 'jpg' | 'pdf' };

export function detectFileType(bytes: Buffer): DetectedType | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { mime: 'application/pdf', ext: 'pdf' };
  return undefined;
}

export const ACCEPTED_CONTENT = 'PNG, JPEG or PDF';
