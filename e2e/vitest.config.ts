import { defineConfig } from 'vitest/config';

// Browser journeys against the real built app (apps/web/dist) served by the real server on a fresh PGlite.
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
