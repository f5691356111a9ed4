import type imageCompression from 'browser-image-compression';
import { PHOTO_MAX_EDGE, PHOTO_TARGET_BYTES, type CompressRequest, type CompressResponse } from './compress-options';

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (b: Blob) => void; reject: (e: Error) => void }>();

function hasFastPath(): boolean {
  return typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap !== 'undefined';
}

function getWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./compress.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<CompressResponse>) => {
      const pending = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      if (!pending) return;
      if (event.data.blob) pending.resolve(event.data.blob);
      else pending.reject(new Error(event.data.error ?? 'Compression failed'));
    };
    // A worker whose script cannot load (offline before the service worker controls the page)
    // never answers: fail what waits, so the capture falls back instead of saving forever.
    worker.onerror = () => {
      const failed = [...waiting.values()];
      waiting.clear();
      worker?.terminate();
      worker = undefined;
      for (const pending of failed) pending.reject(new Error('The compression worker failed'));
    };
  }
  return worker;
}

function compressInWorker(blob: Blob): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const id = ++nextId;
    waiting.set(id, { resolve, reject });
    getWorker().postMessage({ id, blob } satisfies CompressRequest);
  });
}

/**
 * browser-image-compression and its URL, or undefined when they cannot load. The library is not
 * precached (vite.config.ts ONLINE_ONLY_CHUNKS): offline, on the first photo the worker cannot
 * compress, it is not on the phone yet.
 */
async function loadLibrary(): Promise<{ imageCompression: typeof imageCompression; libURL: string } | undefined> {
  try {
    const [{ default: libPath }, { loadCompressionLibrary }] = await Promise.all([
      import('browser-image-compression/dist/browser-image-compression.js?url'),
      import('./compression-library'),
    ]);
    const libURL = new URL(libPath, location.href).href;
    return { imageCompression: await loadCompressionLibrary(libURL), libURL };
  } catch {
    return undefined;
  }
}

/**
 * browser-image-compression, in its own worker with the library served by us (not a CDN). When
 * the library cannot load, the photo is kept as it is: the server takes it as long as it is within
 * UPLOAD_MAX_BYTES (10 MB, src/domain/identity/file-signature.ts), which the capture checks.
 */
async function compressWithLibrary(blob: Blob): Promise<Blob> {
  const library = await loadLibrary();
  if (!library) return blob;
  const file = blob instanceof File ? blob : new File([blob], 'photo.jpg', { type: blob.type });
  return library.imageCompression(file, {
    maxWidthOrHeight: PHOTO_MAX_EDGE,
    maxSizeMB: PHOTO_TARGET_BYTES / (1024 * 1024),
    initialQuality: 0.7,
    fileType: 'image/jpeg',
    useWebWorker: true,
    libURL: library.libURL,
  });
}

/**
 * Photos are compressed on the device, off the main thread, before they are stored: the long
 * edge at most 1600 px, about 150-200 KB. PDFs and other files pass through unchanged, and so
 * does a photo when neither the worker nor the fallback library can run (offline, first use).
 */
export async function compressImage(blob: Blob): Promise<Blob> {
  if (!blob.type.startsWith('image/')) return blob;
  if (hasFastPath()) {
    try {
      return await compressInWorker(blob);
    } catch {
      // Some browsers lack a decoder path in workers (e.g. for HEIC); use the library.
    }
  }
  return compressWithLibrary(blob);
}
