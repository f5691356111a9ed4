import type imageCompression from 'browser-image-compression';

type ImageCompression = typeof imageCompression;

let loading: Promise<ImageCompression> | undefined;

/**
 * browser-image-compression from its one self-hosted UMD file: the same file its worker loads
 * (libURL), so the app and the precache carry one copy of the library, not an ES module copy
 * beside the worker's.
 */
export function loadCompressionLibrary(url: string): Promise<ImageCompression> {
  loading ??= new Promise<ImageCompression>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      const library = (window as unknown as { imageCompression?: ImageCompression }).imageCompression;
      if (library) resolve(library);
      else reject(new Error('The image compression library did not load'));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('The image compression library could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}
