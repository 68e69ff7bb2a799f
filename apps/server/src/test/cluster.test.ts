/**
 * `npm run start:cluster` (issue #12): the node:cluster primary prepares the database once, starts WORKERS
 * processes that share one port and prints the banner once; a worker that dies is replaced; SIGTERM to the
 * primary stops every worker and the primary exits 0.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, TEST_DATABASE_URL } from './harness.ts';
import { call } from './real-http.ts';
import { startRealServer, type RealServer } from './real-server.ts';

/** Worker pids in the order the primary reported starting them. */
const workersStarted = (output: string) => [...output.matchAll(/"worker":(\d+),"msg":"worker started"/g)].map((m) => Number(m[1]));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
async function until(check: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!TEST_DATABASE_URL)('cluster [postgres]', () => {
  let target: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let dataDir: string;
  let primary: RealServer | undefined;

  beforeAll(async () => {
    target = await createPostgresDatabase(TEST_DATABASE_URL!);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-cluster-'));
  });
  afterAll(async () => {
    await primary?.stop('SIGKILL');
    await target?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('WORKERS=2: two workers on one port, a dead one replaced, SIGTERM stops them all', async () => {
    // The primary migrates and seeds the fresh database before forking: the workers would race each other.
    primary = await startRealServer({ script: 'apps/server/src/cluster.ts', env: { DATABASE_URL: target.url, DATA_DIR: dataDir, WORKERS: '2', LOG_LEVEL: 'info' }, readyTimeoutMs: 60_000 });
    await until(() => /Tavolo is running/.test(primary!.output()), 'the banner');
    const [first, second] = workersStarted(primary.output());
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
    expect(first).not.toBe(second);
    expect(primary.output().match(/Tavolo is running \(PostgreSQL, 2 processes\)/g)).toHaveLength(1);
    // The seeded demo restaurant answers through the shared port.
    expect((await call(primary.port, 'demo.localhost', 'GET', '/api/tenant/get-tenant-details')).status).toBe(200);

    // A worker killed outright is replaced; once the primary knows, the other one answers meanwhile.
    process.kill(first!, 'SIGKILL');
    await until(() => primary!.output().includes(`"worker":${first},"code":null,"signal":"SIGKILL"`), 'the primary to notice');
    expect((await call(primary.port, 'localhost', 'GET', '/api/health')).status).toBe(200);
    await until(() => workersStarted(primary!.output()).length === 3, 'a replacement worker');
    const replacement = workersStarted(primary.output())[2]!;
    await until(() => primary!.output().includes(`"worker":${replacement},"msg":"worker listening"`), 'the replacement to listen');

    expect(await primary.stop('SIGTERM')).toBe(0);
    expect(alive(second!)).toBe(false);
    expect(alive(replacement)).toBe(false);
    expect(primary.output()).toMatch(/"msg":"stopping workers"/);
    // Start-up migrates and seeds a fresh database and compiles three processes' TypeScript on a busy machine.
  }, 90_000);
});
