import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests of the workspaces (`npm run test:unit`). Browser journeys under e2e/ have their own
 * config and run with `npm run test:e2e`.
 *
 * API test files each build an app on a fresh database (PGlite in memory, or a database of their own on
 * TEST_DATABASE_URL), so files run in parallel in separate processes.
 */
export default defineConfig({
  test: {
    include: ['apps/**/*.test.{ts,tsx}', 'packages/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    // Migrates a PGlite and a PostgreSQL database once per run; the API tests' databases are copies of them.
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    pool: 'forks',
    // PGlite's 9 MB of WebAssembly is optimised again in every test process; its start-up and one file's queries
    // cost about 1.8 s less CPU with V8's baseline compiler alone (menu.test.ts 9.9 -> 8.0 s, the isolation
    // matrix on PGlite 17.7 -> 15.9 s), and CPU is what two workers on two cores wait for.
    execArgv: ['--liftoff-only'],
    // Vitest's default leaves one core idle, which on a 2-core CI machine means one file at a time.
    maxWorkers: Math.max(2, os.availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
