// The API server compiled for plain Node (`npm run build`, and `npm start` when the bundle is older
// than its sources: scripts/start.mjs). Bundles in dist-server/: main.mjs (it starts tracing when
// configured, then loads serve.mjs), the document worker piscina loads beside it, and the embedded
// database's thread (pglite-worker.mjs); a module the server imports dynamically (the S3 storage,
// the document readers, the agreement's PDF) is a chunk of its own, loaded when first needed as it
// is from the sources. Packages stay in node_modules (external); migrations,
// pincodes and the manifest are read from the project (src/server/paths.ts).
// Each file is replaced whole (written beside, then renamed), so a server starting or loading a
// chunk from dist-server meanwhile, or another start compiling at the same moment, never reads half
// a file (chunks are named by their content: compiling the same sources again writes the same names).
import { build } from 'esbuild';
import { mkdirSync, readdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_BUILD_STAMP } from './build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(root, 'dist-server');
const startedAt = new Date(); // a source saved during the build is newer than the stamp: the next start compiles again
const { outputFiles } = await build({
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
  splitting: true,
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  write: false,
});
mkdirSync(outdir, { recursive: true });
for (const file of outputFiles) {
  const partial = `${file.path}.${process.pid}.partial`;
  writeFileSync(partial, file.contents);
  renameSync(partial, file.path);
}
const written = new Set(outputFiles.map((file) => basename(file.path)));
for (const name of readdirSync(outdir))
  if (!written.has(name) && name !== basename(SERVER_BUILD_STAMP) && !name.endsWith('.partial'))
    rmSync(join(outdir, name), { force: true });
writeFileSync(SERVER_BUILD_STAMP, '');
utimesSync(SERVER_BUILD_STAMP, startedAt, startedAt);
console.log(`server compiled into ${outdir}`);
