import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { icuMessages } from './scripts/icu-messages';

const server = process.env.SAHYOG_DEV_API ?? 'http://localhost:8080';

/**
 * Screens a phone never needs offline, kept out of the service worker's precache: a branch
 * manager's partner requests and a partner's registration and tracking, the loan offer with its
 * Key Fact Statement and the final submit (computed and approved on the server), tracking an
 * application and the resume lookup by mobile answer only online, as do a branch manager's
 * officers' devices (the list and Mark lost are the server's). So does the photo compression
 * library: only the fallback when the worker cannot compress (media/compress-image.ts keeps the
 * original photo when it cannot load). The service worker caches them when they are first opened
 * (sw.ts). Each name is a chunk of those screens; the build fails if a precached chunk needs one
 * of them (a static import), since an offline start would then miss it. Opening such a screen (a
 * lazy route) is what may need a connection: the app shell then says so (screen-load-boundary.tsx).
 */
export const ONLINE_ONLY_CHUNKS = [
  'partner-requests-screen',
  'partner-request-screen',
  'use-partner-requests',
  'partner-requests.text',
  'partner-requests.api',
  'join-us-review.table',
  'join-us-screen',
  'track-screen',
  'join-us.text',
  'join-us.api',
  'join-us.table',
  'loan-offer-screen',
  'final-submit-screen',
  'agreement-screen',
  'post-sanction.text',
  'agreement.api',
  'loan-offer.text',
  'disbursement-screen',
  'track-application-screen',
  'track.text',
  'resume-screen',
  'resume.text',
  'lookup-form',
  'officers-screen',
  'officer-devices-screen',
  'officer-devices.text',
  'require-device-manager',
  // The branch pipeline (issue 36) with its chart library (Chart.js) and texts: one file.
  'insights-screen',
  // A branch manager's webhook deliveries (issue 34): the events and their attempts are the server's.
  'webhook-deliveries-screen',
  'webhooks.text',
  'webhooks.api',
  'webhooks.table',
  // The payout and the mandate (issues 33, 34): the server's steps, their texts with their screens.
  'disbursement.text',
  'mandate.text',
  // browser-image-compression's `?url` module and the library file itself, and its loader.
  'browser-image-compression',
  'compression-library',
];
/** The languages' whole-app catalogues (catalogues.ts) and their scripts' fonts, fetched when chosen. */
const LANGUAGE_CHUNKS = ['_catalogue', 'noto-sans-bengali', 'noto-sans-tamil', 'noto-sans-telugu'];

// The scripts among the globIgnores below (`assets/<name>-*`: scripts and their styles).
const onlineOnlyChunk = (fileName: string) =>
  fileName.endsWith('.js') && ONLINE_ONLY_CHUNKS.some((name) => fileName.startsWith(`assets/${name}-`));

/**
 * axios ships three adapters (xhr, http, fetch); the app's clients pin `xhr` (api/http-client.ts:
 * it reports upload progress), so the build leaves the fetch adapter out (4 KB gzipped of the
 * 130 KB /login budget). The build fails if a new axios no longer imports it from there.
 */
function axiosWithoutFetchAdapter(): Plugin {
  const LEFT_OUT = '\0axios-fetch-adapter-left-out';
  let adaptersSeen = false;
  let replaced = false;
  return {
    name: 'sahyog-axios-xhr-only',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.replace(/\\/g, '/').endsWith('/axios/lib/adapters/adapters.js')) return null;
      adaptersSeen = true;
      if (source !== './fetch.js') return null;
      replaced = true;
      return LEFT_OUT;
    },
    load: (id) => (id === LEFT_OUT ? 'export const getFetch = () => undefined;\nexport default undefined;\n' : null),
    buildEnd() {
      if (adaptersSeen && !replaced)
        this.error('axios/lib/adapters/adapters.js no longer imports ./fetch.js: update axiosWithoutFetchAdapter');
    },
  };
}

/**
 * Dexie's package entry (import-wrapper.mjs) re-exports its UMD build, dist/dexie.js, to keep a
 * page from running two copies. The app bundles one copy, so the build takes the same version's
 * own ES module build, dist/modern/dexie.mjs (the same exports), which minifies smaller: 1.8 KB
 * gzipped less in the precache. The build fails if a new Dexie no longer ships that file.
 */
function dexieModuleBuild(): Plugin {
  const MODULE_BUILD = 'dexie/dist/modern/dexie.mjs';
  return {
    name: 'sahyog-dexie-module-build',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== 'dexie') return null;
      const resolved = await this.resolve(MODULE_BUILD, importer, { skipSelf: true });
      if (!resolved) this.error(`${MODULE_BUILD} not found: update dexieModuleBuild`);
      return resolved;
    },
  };
}

/**
 * vite-plugin-pwa builds the service worker with rollup's `inlineDynamicImports: true`, which
 * Vite 8 (rolldown) reports as deprecated on every build; the same one-file output under its
 * current name, `codeSplitting: false`.
 */
const swSingleFile: Plugin = {
  name: 'sahyog-sw-single-file',
  outputOptions(options) {
    if (!('inlineDynamicImports' in options)) return null;
    const { inlineDynamicImports, ...rest } = options as typeof options & { inlineDynamicImports?: boolean };
    return { ...rest, codeSplitting: !inlineDynamicImports };
  },
};

// Same-origin paths the API server answers; the dev server forwards them.
const proxied = ['/api', '/verification', '/banking', '/tenants', '/manifest.webmanifest'];

export default defineConfig({
  plugins: [
    react(),
    icuMessages(),
    axiosWithoutFetchAdapter(),
    dexieModuleBuild(),
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
    {
      name: 'sahyog-online-only-chunks',
      apply: 'build',
      generateBundle(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || onlineOnlyChunk(chunk.fileName)) continue;
          const missing = chunk.imports.filter(onlineOnlyChunk);
          if (missing.length) this.error(`${chunk.fileName} is precached but imports ${missing.join(', ')}, kept out of the precache`);
        }
      },
    },
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      // The server answers /manifest.webmanifest per tenant (index.html links it).
      manifest: false,
      // No tenant's assets: a phone serves one tenant, whose logo the service worker fetches when
      // it installs (the header shows it on an offline start) and whose favicon it caches when
      // first fetched (sw.ts); every tenant's logos here would be kilobytes of others' logos.
      injectManifest: {
        // The plugin adds manifest icons itself; listing them again would precache them twice.
        // The Devanagari web font too (styles/fonts.css), so Hindi shows offline.
        globPatterns: ['**/*.{js,css,html,woff2}'],
        // Neither the catalogues and fonts of the languages beyond English and Hindi: a phone
        // fetches its language's when it is chosen, and the service worker keeps them (sw.ts).
        globIgnores: [...ONLINE_ONLY_CHUNKS, ...LANGUAGE_CHUNKS].map((name) => `assets/${name}-*`),
        buildPlugins: { vite: [swSingleFile] },
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    // The shell links no module to preload (it is one file), and Vite's preload of a lazy screen's
    // chunks falls back to rel=preload where modulepreload is missing: no polyfill in /login.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        /**
         * Fewer, larger chunks (each file is gzipped apart, so every chunk repeats its imports and
         * loses the dictionary of the others; the precache budget is the sum of those files):
         * - `shell`: everything the entry imports statically, in the entry's own file. By itself
         *   rolldown split the modules the shell shares with lazy screens into 7 more files, all
         *   loaded by /login anyway.
         * - `db`: the device database (Dexie) with every repository, hook and action of src/app/db,
         *   whose modules no screen uses without Dexie: one file instead of about 25 small ones (a
         *   screen may load a few KB of repositories it does not call).
         * - `kit`: the small shared modules of the step kit, the API clients and the domain (each
         *   under 3 KB, without what they import): about 30 files of a few hundred bytes each before,
         *   each gzipped apart (precache 360.5 -> 354.7 KB). An online-only screen's own modules stay out.
         * - `data-key`: the PIN's key derivation stays apart from `db` (which imports it), so the
         *   PIN setup screen does not load Dexie.
         */
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 4 },
            // What every text table imports stays apart from them, so the lock screen's own texts load without the rest.
            { name: 'feature-text', test: /[\\/]src[\\/]app[\\/]i18n[\\/]feature-text\.ts$/, priority: 3 },
            // The features' English and Hindi texts in one file: gzipped together they share one dictionary.
            {
              name: 'texts',
              // Not the lock screen's own (a reload's lock screen stays small) nor an online-only screen's.
              test: (id: string) =>
                /\.text\.ts$/.test(id) &&
                !/(app-lock|biometric-unlock)\.text/.test(id) &&
                !ONLINE_ONLY_CHUNKS.some((n) => id.includes(`${n}.`)),
              priority: 2,
            },
            // The loan offer's two online-only screens with what only they use (texts, styles, its client and
            // routes' paths, the offer's schema, the statement's labels in six languages with their ICU
            // formatter): one file, kept out of the precache (the build fails if a precached chunk imports it).
            {
              name: 'loan-offer-screen',
              test: /[\\/]src[\\/](app[\\/]features[\\/]loan-offer[\\/](?!success-loan-offers)|app[\\/]api[\\/]loan-offer\.api\.ts$|domain[\\/](offer[\\/](loan-offer\.schema|kfs-sections)|routes[\\/]loan-offer\.paths|messages[\\/](document-text|icu))\.ts$|domain[\\/]messages[\\/]documents[\\/])|[\\/]node_modules[\\/](intl-messageformat|@formatjs)[\\/]/,
              includeDependenciesRecursively: false,
              priority: 3,
            },
            // The clients of the agreement screen (with its mandate panel) and of the payout screen, with
            // their routes' paths: online only like their screens, so out of the kit and the domain (both
            // precached).
            {
              name: 'agreement-screen',
              test: /[\\/]src[\\/](app[\\/]api[\\/](agreement|mandate)\.api|domain[\\/]routes[\\/](agreement|mandate)\.paths)\.ts$/,
              includeDependenciesRecursively: false,
              priority: 3,
            },
            {
              name: 'disbursement-screen',
              test: /[\\/]src[\\/](app[\\/]api[\\/]disbursement\.api|domain[\\/]routes[\\/]disbursement\.paths)\.ts$/,
              includeDependenciesRecursively: false,
              priority: 3,
            },
            // The branch pipeline with Chart.js (and its colour helper): online only, one file out of the precache.
            {
              name: 'insights-screen',
              test: /[\\/](src[\\/]app[\\/]features[\\/]insights[\\/]|src[\\/]domain[\\/](ops[\\/]insights|routes[\\/]insights\.table)\.ts$|node_modules[\\/](chart\.js|@kurkle)[\\/])/,
              includeDependenciesRecursively: false,
              priority: 3,
            },
            // The domain (its schemas, options and messages) with zod in one file that imports no other
            // of the app's chunks: the kit, the texts and the device database all build their schemas and
            // lists from it when they load, so a chunk that imported one of them back could find a
            // constant not yet set (the forms' field lists are read from the schemas as modules load).
            // Not an online-only area's route table (domain/routes/<area>.table.ts, named above): it goes with its client.
            {
              name: 'domain',
              test: (id: string) =>
                /[\\/]src[\\/]domain[\\/]|[\\/]node_modules[\\/]zod[\\/]/.test(id) && !ONLINE_ONLY_CHUNKS.some((n) => id.includes(`${n}.`)),
              includeDependenciesRecursively: false,
              priority: 2.5,
            },
            { name: 'data-key', test: /[\\/]src[\\/]app[\\/]crypto[\\/]data-key\.ts$/, priority: 2 },
            // The officer's capture and review screens in one file: all precached anyway, gzipped with one
            // dictionary (16 KB less than apart). Not the dashboard (a reload's lock screen must not load
            // it), nor the login, the lock screen, the public flow's first screen or an online-only one.
            {
              name: 'capture-screens',
              test: /[\\/]src[\\/]app[\\/]features[\\/](borrower|kyc-documents|co-applicants|family-members|business|employment|bank-account|cpv|references|rejection|application-success|case-view|applications|sync-centre|profile)[\\/][^.]*\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 2,
            },

            {
              name: 'kit',
              test: (id: string) =>
                /[\\/]src[\\/](app[\\/](components|api)|domain)[\\/]/.test(id) &&
                !ONLINE_ONLY_CHUNKS.some((n) => id.includes(`${n}.`)) &&
                // The kit imports the device database, which these must not load: the lock screen's PIN
                // field (a reload's lock screen) and the public flow's frame (its first screen).
                !/(pin-input|apply-progress)\./.test(id),
              maxModuleSize: 3000,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            { name: 'db', test: /[\\/]src[\\/]app[\\/]db[\\/]|[\\/]node_modules[\\/](dexie|dexie-react-hooks)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: server, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: server, changeOrigin: false }])),
  },
});
