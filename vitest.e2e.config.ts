import { defineConfig } from 'vitest/config';

// End-to-end: the production build served by the real server, driven in Debian's Chromium.
export default defineConfig({
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
