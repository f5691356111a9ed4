/// <reference lib="webworker" />
import { fitWithin, PHOTO_QUALITIES, PHOTO_TARGET_BYTES, type CompressRequest, type CompressResponse } from './compress-options';

// Decodes with the size applied (createImageBitmap resizes while decoding, which is what makes
// a 12 MP photo cheap), then encodes JPEG, lowering the quality until it fits the target.
async function compress(blob: Blob): Promise<Blob> {
  const probe = await createImageBitmap(blob);
  const { width, height } = fitWithin(probe.width, probe.height);
  probe.close();
  const bitmap = await createImageBitmap(blob, { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' });
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas unavailable');
  context.drawImage(bitmap, 0, 0);
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
