import { defineConfig } from 'vitest/config';

// `npm run test:bench`: every benchmark once in its short mode (tests/bench/short.test.ts), one
// at a time (each starts its own servers and browser), and the rule that a refused request
// leaves a bench without a figure (tests/bench/http-load.test.ts).
export default defineConfig({
  test: {
    include: ['tests/bench/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60000,
    hookTimeout: 120000,
  },
});
