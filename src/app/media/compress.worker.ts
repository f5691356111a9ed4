/// <reference lib="webworker" />
import { readImageSize } from './image-size';
import { fitWithin, PHOTO_QUALITIES, PHOTO_TARGET_BYTES, type CompressRequest, type CompressResponse } from './compress-options';

// Decodes with the size applied (createImageBitmap resizes while decoding, which is what makes
// a 12 MP photo cheap), then encodes JPEG, lowering the quality until it fits the target. The
// size comes from the file header; only the long edge is given to the decoder, because an EXIF
// rotation may swap the axes: a result still too large is scaled once more on the canvas.
async function decodeScaled(blob: Blob): Promise<ImageBitmap> {
  const size = readImageSize(new Uint8Array(await blob.slice(0, 256 * 1024).arrayBuffer()));
  if (!size) {
    const probe = await createImageBitmap(blob);
    const fit = fitWithin(probe.width, probe.height);
    probe.close();
    return createImageBitmap(blob, { resizeWidth: fit.width, resizeHeight: fit.height, resizeQuality: 'high' });
  }
  const fit = fitWithin(size.width, size.height);
  if (fit.width === size.width) return createImageBitmap(blob);
  const longEdge = size.width >= size.height ? { resizeWidth: fit.width } : { resizeHeight: fit.height };
  return createImageBitmap(blob, { ...longEdge, resizeQuality: 'high' });
}

async function compress(blob: Blob): Promise<Blob> {
  const bitmap = await decodeScaled(blob);
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas unavailable');
  // JPEG has no transparency: a transparent PNG (a scanned document) goes on white, not black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  let out: Blob | undefined;
  for (const quality of PHOTO_QUALITIES) {
    out = await canvas.convertToBlob({ type: 'image/jpeg', quality });
    if (out.size <= PHOTO_TARGET_BYTES) break;
  }
  return out!;
}

self.onmessage = async (event: MessageEvent<CompressRequest>) => {
  const { id, blob } = event.data;
  let response: CompressResponse;
  try {
    response = { id, blob: await compress(blob) };
  } catch (error) {
    response = { id, error: error instanceof Error ? error.message : String(error) };
  }
  (self as unknown as Worker).postMessage(response);
};
