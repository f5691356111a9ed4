// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { loadCompressionLibrary } from '../../../src/app/media/compression-library';

const scripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[src$="/assets/lib.js"]')];

afterEach(() => {
  document.head.innerHTML = '';
  delete (window as { imageCompression?: unknown }).imageCompression;
});

describe('loadCompressionLibrary', () => {
  it('a failed load (offline: the library is not precached) is not final: the next photo loads it again', async () => {
    const first = loadCompressionLibrary('http://localhost/assets/lib.js');
    expect(scripts()).toHaveLength(1);
    scripts()[0]!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('could not be loaded');
    expect(scripts()).toHaveLength(0);

    const library = async () => new Blob();
    const second = loadCompressionLibrary('http://localhost/assets/lib.js');
    expect(scripts()).toHaveLength(1);
    (window as { imageCompression?: unknown }).imageCompression = library;
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(second).resolves.toBe(library);
    // Loaded once: later photos reuse it.
    await expect(loadCompressionLibrary('http://localhost/assets/lib.js')).resolves.toBe(library);
    expect(scripts()).toHaveLength(1);
  });
});
