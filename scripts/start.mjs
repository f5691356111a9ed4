// `npm start`: build the PWA if needed, then run the server in this process (tsx, no build step).
// The build runs in a child process: Vite sets process.env.NODE_ENV to 'production' in the process
// that builds, and the server's mode must come only from its own configuration.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

if (process.env.SKIP_BUILD !== '1') {
  const builder = fileURLToPath(new URL('./build-if-stale.mjs', import.meta.url));
  const { status } = spawnSync(process.execPath, [builder], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
register();
await import('../src/server/main.ts');
