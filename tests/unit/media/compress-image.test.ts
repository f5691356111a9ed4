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

afterEach(() => vi.unstubAllGlobals());

describe('compressImage', () => {
  it('falls back to the library when the worker cannot load, instead of waiting forever', async () => {
    vi.stubGlobal('Worker', FailingWorker);
    vi.stubGlobal('OffscreenCanvas', class {});
    vi.stubGlobal('createImageBitmap', async () => ({}));
    vi.stubGlobal('location', { href: 'http://localhost/' });
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
});
