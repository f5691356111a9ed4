import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const server = process.env.SAHYOG_DEV_API ?? 'http://localhost:8080';
// Same-origin paths the API server answers; the dev server forwards them.
const proxied = ['/api', '/verification', '/banking', '/tenants', '/manifest.webmanifest'];

export default defineConfig({
  plugins: [
    react(),
    {
      // After the build (and the service worker's), write .gz and .br for the server to send.
      name: 'sahyog-precompress',
      apply: 'build',
      enforce: 'post',
      // Sequential and last, so it also sees the service worker the PWA plugin writes.
      closeBundle: {
        sequential: true,
        order: 'post',
        async handler() {
          const { precompress } = await import('./scripts/precompress.mjs');
          precompress('dist');
        },
      },
    },
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      // The server answers /manifest.webmanifest per tenant (index.html links it).
      manifest: false,
      // Tenant logos and favicons (a few KB): the header needs them on an offline start even
      // when the first visit loaded them before the service worker was in control.
      includeAssets: ['tenants/*/*.svg'],
      injectManifest: {
        // The plugin adds manifest icons itself; listing them again would precache them twice.
        globPatterns: ['**/*.{js,css,html}'],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: server, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: server, changeOrigin: false }])),
  },
});
