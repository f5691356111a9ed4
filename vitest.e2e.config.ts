import { defineConfig } from 'vitest/config';
import { icuMessages } from './scripts/icu-messages';

// End-to-end: the production build served by the real server, driven in Debian's Chromium.
export default defineConfig({
  // The page objects read the app's texts (tests/e2e/pages/texts.ts): compiled as the app's are.
  plugins: [icuMessages()],
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    setupFiles: ['tests/e2e/support/failure-report.ts'],
    fileParallelism: false,
    testTimeout: 60000,
    hookTimeout: 90000,
  },
});
