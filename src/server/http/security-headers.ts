import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config';

/**
 * The response headers of the app and the API (@fastify/helmet): the page and its scripts come
 * from this origin only, nothing may frame it, and no URL (a signed file link included) leaves
 * in a Referer header.
 */
export const SECURITY_HEADERS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // react-hot-toast writes its styles into a <style> element at run time (goober).
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Photos are previewed from the device's own blobs; icons may be data: URLs.
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // The app is served over plain HTTP on a laptop (localhost) and in the e2e tests; TLS is the
  // deployment's proxy's business, which sets HSTS itself.
  strictTransportSecurity: false,
} satisfies FastifyHelmetOptions;

/** With FILE_LINKS=store a photo's link redirects to the bucket, whose origin pages must then load from. */
export function securityHeadersFor(config: Pick<Config, 'storage' | 'fileLinks'>): FastifyHelmetOptions {
  const endpoint = config.storage.driver === 's3' && config.fileLinks === 'store' ? config.storage.s3.endpoint : undefined;
  const store = config.fileLinks === 'store' ? (endpoint ? new URL(endpoint).origin : 'https://*.amazonaws.com') : undefined;
  if (!store) return SECURITY_HEADERS;
  const { directives } = SECURITY_HEADERS.contentSecurityPolicy;
  return {
    ...SECURITY_HEADERS,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...directives, imgSrc: [...directives.imgSrc, store], connectSrc: [...directives.connectSrc, store] },
    },
  };
}
