import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

// Builds bench/browser into bench/browser/dist, served by the real server (STATIC_DIR) so the
// page is same-origin with the API and uses the browser's real IndexedDB and workers.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  logLevel: 'warn',
  build: { outDir: 'dist', emptyOutDir: true },
});
