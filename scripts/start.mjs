// `npm start`: build the PWA if needed, then run the server in this process (tsx, no build step).
import { register } from 'tsx/esm/api';
import { buildIfStale } from './build-if-stale.mjs';

if (process.env.SKIP_BUILD !== '1') await buildIfStale();
register();
await import('../src/server/main.ts');
