import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { icuMessages } from './scripts/icu-messages';

// Two projects: `unit` (tests/unit: domain, data layer, app screens) and `server` (tests/server:
// app.inject on PGlite, or on PostgreSQL with TEST_DATABASE_URL). `npm test` runs both;
// `npm run test:unit` and `npm run test:server` run one each, which CI starts side by side.
// Default environment is node (domain, server, data layer: Blobs round-trip there).
// Screen tests opt in with `// @vitest-environment jsdom` at the top of the file.
export default defineConfig({
  // The messages compiled as the build does, each keeping its text for the catalogue checks (tests/support/message-source.ts).
  plugins: [react(), icuMessages({ withSource: true })],
  test: {
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    // Screen tests type whole forms through React's development build inside act(), on two
    // cores shared with other work: a long form takes 10-15 s alone, more beside another file.
    testTimeout: 60000,
    hookTimeout: 60000,
    // PGlite is heavy in memory; two workers match the two cores here.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      { extends: true, test: { name: 'server', include: ['tests/server/**/*.test.ts'] } },
    ],
  },
});
