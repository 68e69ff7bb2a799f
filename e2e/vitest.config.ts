import { defineConfig } from 'vitest/config';

// Browser journeys against the real built app (apps/web/dist) served by the real server on a fresh PGlite.
// Two files run at a time (E2E_WORKERS overrides), each worker with its own server and database (global-setup):
// a journey spends much of its time waiting on the browser and the server, so two lanes shorten the run even on
// two cores.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: workers > 1,
    maxWorkers: workers,
    // A journey's time is no measure of anything (speed lives in bench/), and CI machines run 2-3x apart: the
    // marketing journey's axe pass over every page took over 60 s on a slow one.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // What a page shows after a call or a lazy chunk can take seconds on a busy CI machine (vitest's default is 1 s).
    expect: { poll: { timeout: 10_000 } },
  },
});
