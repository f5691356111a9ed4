import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The server runs from its TypeScript sources (src/server: tsx, vitest) or from the compiled
// bundle (dist-server/, `npm run build`), so files it reads beside its code are found from the
// project's root, not from the folder of the module that reads them.
const here = fileURLToPath(new URL('.', import.meta.url));
export const PROJECT_ROOT = resolve(here, basename(here) === 'dist-server' ? '..' : '../..');

export const serverFile = (...parts: string[]) => join(PROJECT_ROOT, 'src', 'server', ...parts);
