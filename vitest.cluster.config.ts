import { defineConfig } from 'vitest/config';

// The multi-node set-up of `npm run cluster` (HAProxy, compiled API processes, PostgreSQL, s3rver).
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
