import type imageCompression from 'browser-image-compression';

type ImageCompression = typeof imageCompression;

let loading: Promise<ImageCompression> | undefined;

/**
 * browser-image-compression from its one self-hosted UMD file: the same file its worker loads
 * (libURL), so the app carries one copy of the library, not an ES module copy beside the
 * worker's. It is not precached (vite.config.ts): a failed load (offline, first use) can be tried
 * again on the next photo.
 */
export function loadCompressionLibrary(url: string): Promise<ImageCompression> {
  loading ??= new Promise<ImageCompression>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      const library = (window as unknown as { imageCompression?: ImageCompression }).imageCompression;
      if (library) return resolve(library);
      loading = undefined;
      reject(new Error('The image compression library did not load'));
    };
    script.onerror = () => {
      script.remove();
      loading = undefined;
      reject(new Error('The image compression library could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}
