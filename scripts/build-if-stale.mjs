// Builds the PWA when dist/ is missing or older than any of its sources, and tells whether the
// compiled server (dist-server/) is older than its sources. Used by `npm start` and
// `npm run test:e2e`; run directly it builds the PWA and compiles the server when stale, and exits.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const SOURCES = [
  'src/app',
  'src/domain',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/precompress.mjs',
  'scripts/icu-messages.ts',
  'manifest.webmanifest',
  'package.json',
  'package-lock.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function buildIsStale() {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > builtAt);
}

const SERVER_SOURCES = ['src/server', 'src/domain', 'scripts/build-server.mjs'];
/** Written by scripts/build-server.mjs, dated when its build began. */
export const SERVER_BUILD_STAMP = join(root, 'dist-server', '.built');

export function serverBuildIsStale() {
  if (!existsSync(SERVER_BUILD_STAMP)) return true;
  const builtAt = statSync(SERVER_BUILD_STAMP).mtimeMs;
  return SERVER_SOURCES.some((source) => newestMtime(join(root, source)) > builtAt);
}

/** Compiles the server in a process of its own (esbuild's service does not outlive it). */
export function buildServerIfStale() {
  if (!serverBuildIsStale()) return;
  const { status } = spawnSync(process.execPath, [join(root, 'scripts', 'build-server.mjs')], { stdio: 'inherit' });
  if (status !== 0) throw new Error(`compiling the server failed (exit code ${status})`);
}

export async function buildIfStale() {
  if (!buildIsStale()) return false;
  console.log('Building the PWA (dist/ is missing or stale)...');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn' });
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildIfStale();
  buildServerIfStale();
}
