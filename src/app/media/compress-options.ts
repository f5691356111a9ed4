/** Photos on the device: at most 1600 px on the long edge and about 150-200 KB. */
export const PHOTO_MAX_EDGE = 1600;
export const PHOTO_TARGET_BYTES = 200 * 1024;
export const PHOTO_QUALITIES = [0.7, 0.55, 0.4] as const;

/** Scales (width, height) so the long edge is at most `maxEdge`, keeping the aspect ratio. */
export function fitWithin(width: number, height: number, maxEdge = PHOTO_MAX_EDGE): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export type CompressRequest = { id: number; blob: Blob };
export type CompressResponse = { id: number; blob?: Blob; error?: string };
