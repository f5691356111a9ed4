// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';

const library = vi.fn(async () => new Blob(['small'], { type: 'image/jpeg' }));
const loadCompressionLibrary = vi.fn(async () => library);
vi.mock('../../../src/app/media/compression-library', () => ({ loadCompressionLibrary }));
vi.mock('browser-image-compression/dist/browser-image-compression.js?url', () => ({ default: '/assets/lib.js' }));

/** A worker whose script fails to load: it reports an error and never answers. */
class FailingWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  terminated = false;
  postMessage(): void {
    setTimeout(() => this.onerror?.(new Event('error')), 0);
  }
  terminate(): void {
    this.terminated = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  loadCompressionLibrary.mockReset();
  loadCompressionLibrary.mockImplementation(async () => library);
  library.mockClear();
});

/** The browser's fast path whose worker cannot load (so the library is the fallback). */
function stubFailingFastPath(): void {
  vi.stubGlobal('Worker', FailingWorker);
  vi.stubGlobal('OffscreenCanvas', class {});
  vi.stubGlobal('createImageBitmap', async () => ({}));
  vi.stubGlobal('location', { href: 'http://localhost/' });
}

describe('compressImage', () => {
  it('falls back to the library when the worker cannot load, instead of waiting forever', async () => {
    stubFailingFastPath();
    const { compressImage } = await import('../../../src/app/media/compress-image');
    const out = await compressImage(new Blob([new Uint8Array(10)], { type: 'image/jpeg' }));
    expect(await out.text()).toBe('small');
    // The one self-hosted copy of the library, for the page and for its worker alike.
    expect(loadCompressionLibrary).toHaveBeenCalledWith('http://localhost/assets/lib.js');
    expect(library).toHaveBeenCalledWith(
      expect.any(File),
      expect.objectContaining({ libURL: 'http://localhost/assets/lib.js', useWebWorker: true }),
    );
  });

  it('keeps the original photo when the fallback library cannot load (offline, not precached): the capture goes on', async () => {
    stubFailingFastPath();
    loadCompressionLibrary.mockRejectedValue(new Error('The image compression library could not be loaded'));
    const { compressImage } = await import('../../../src/app/media/compress-image');
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], { type: 'image/jpeg' });
    await expect(compressImage(photo)).resolves.toBe(photo);
    expect(loadCompressionLibrary).toHaveBeenCalledTimes(1);
    expect(library).not.toHaveBeenCalled();
  });

  it('without the fast path (no OffscreenCanvas) an unloadable library also keeps the photo, and the next photo tries the library again', async () => {
    vi.stubGlobal('location', { href: 'http://localhost/' });
    loadCompressionLibrary.mockRejectedValueOnce(new Error('The image compression library could not be loaded'));
    const { compressImage } = await import('../../../src/app/media/compress-image');
    const first = new Blob([new Uint8Array(10)], { type: 'image/png' });
    await expect(compressImage(first)).resolves.toBe(first);
    // Back online: the next photo is compressed.
    const second = await compressImage(new Blob([new Uint8Array(10)], { type: 'image/jpeg' }));
    expect(await second.text()).toBe('small');
    expect(loadCompressionLibrary).toHaveBeenCalledTimes(2);
  });

  it('a PDF is never compressed and never loads the library', async () => {
    const { compressImage } = await import('../../../src/app/media/compress-image');
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    await expect(compressImage(pdf)).resolves.toBe(pdf);
    expect(loadCompressionLibrary).not.toHaveBeenCalled();
  });
});
