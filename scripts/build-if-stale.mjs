// Builds the PWA when dist/ is missing or older than any of its sources.
// Used by `npm start` and `npm run test:e2e`; run directly it builds when stale and exits.
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

export async function buildIfStale() {
  if (!buildIsStale()) return false;
  console.log('Building the PWA (dist/ is missing or stale)...');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn' });
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildIfStale();
}
