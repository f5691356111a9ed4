// `npm run build` (after the PWA): the API server compiled for production, so it runs on plain
// Node without tsx. Bundles in dist-server/: main.mjs (it starts tracing when configured, then loads serve.mjs), the document worker piscina loads
// beside it, and the embedded database's thread (pglite-worker.mjs). Packages stay in
// node_modules (external); migrations, pincodes and the manifest are read from the project
// (src/server/paths.ts).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist-server`;
rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: [
    { in: 'src/server/main.ts', out: 'main' },
    { in: 'src/server/serve.ts', out: 'serve' },
    { in: 'src/server/documents/document-worker.compiled.ts', out: 'document-worker' },
    { in: 'src/server/db/pglite-worker.mjs', out: 'pglite-worker' },
  ],
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`server compiled into ${outdir}`);
