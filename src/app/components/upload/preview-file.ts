/** What the preview needs of a stored file. */
export type PreviewFile = { localId: string; blob: Blob; name: string; mime: string };

export const isPdf = (file: PreviewFile): boolean => file.mime === 'application/pdf';
