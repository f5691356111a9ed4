// `npm start`: builds the PWA if needed, compiles the server if its bundle (dist-server/) is older
// than its sources, then runs the compiled server in this process, as `npm run serve` does. No
// TypeScript loader at each start: tsx's loader thread and its transpiling cost about 75 MB and
// seconds of every start (docs/performance.md). SKIP_BUILD=1 (the caller built the PWA) skips
// the PWA only: the server is compiled whenever its sources changed, so a start never runs old code.
// The builds run in child processes: Vite sets process.env.NODE_ENV to 'production' in the
// process that builds, and the server's mode must come only from its own configuration.
import { spawnSync } from 'node:child_process';
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale } from './build-if-stale.mjs';

if (process.env.SKIP_BUILD !== '1') {
  const builder = fileURLToPath(new URL('./build-if-stale.mjs', import.meta.url));
  const { status } = spawnSync(process.execPath, [builder], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
buildServerIfStale();
// Node 22.1 and later keep the compiled JavaScript between starts (Node 20 has no such cache).
module.enableCompileCache?.();
await import('../dist-server/main.mjs');
