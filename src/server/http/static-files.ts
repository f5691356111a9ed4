import { existsSync } from 'node:fs';
import { basename, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** index.html and sw.js must be revalidated so a new build reaches installed apps. */
function setCacheHeaders(reply: FastifyReply, served: string): void {
  const path = served.replace(/\.(gz|br)$/, ''); // a precompressed copy is cached like its original
  const name = basename(path);
  if (name === 'index.html' || name === 'sw.js') reply.header('cache-control', 'no-cache');
  else if (path.includes(`${sep}assets${sep}`)) reply.header('cache-control', IMMUTABLE);
  else reply.header('cache-control', 'public, max-age=3600');
}

/** Serves the Vite build when it exists; unknown paths fall through to the 404 envelope. */
export async function registerStaticFiles(app: FastifyInstance, dir: string): Promise<void> {
  const root = resolve(dir);
  if (!existsSync(root)) {
    app.log.warn(`static: ${root} does not exist (run npm run build); serving the API only`);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: ['index.html'],
    redirect: false,
    cacheControl: false,
    // The build writes .br and .gz beside each file (scripts/precompress.mjs).
    preCompressed: true,
    setHeaders: setCacheHeaders,
  });
}
