/**
 * Scale-out (issue #12): two real server processes on one PostgreSQL database and one Redis enforce the sign-in
 * limits together. The per-IP limit and the per-account lock count attempts on both processes, so running N
 * processes does not allow N times as many guesses. Only with TEST_DATABASE_URL and TEST_REDIS_URL.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../db/seed.ts';
import { closeRedis, createRedis } from '../lib/redis.ts';
import { CSRF_COOKIE, CSRF_HEADER } from '../plugins/csrf.ts';
import { createPostgresDatabase, TEST_DATABASE_URL } from './harness.ts';
import { startRealServer, type RealServer } from './real-server.ts';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
const PER_IP = 5;
const PER_ACCOUNT = 3;
const CSRF = 'shared-limits-test-token-0123456789';

/** POST /api/login on the demo restaurant's host, as the client `ip` (the servers trust X-Forwarded-For). */
function login(server: RealServer, ip: string, email: string, password: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify({ email, password });
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/api/login',
        headers: {
          host: `demo.localhost:${server.port}`,
          'content-type': 'application/json',
          'x-forwarded-for': ip,
          cookie: `${CSRF_COOKIE}=${CSRF}`,
          [CSRF_HEADER]: CSRF,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe.skipIf(!TEST_DATABASE_URL || !TEST_REDIS_URL)('sign-in limits shared by two processes [postgres + redis]', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let dataDir: string;
  let a: RealServer;
  let b: RealServer;
  const prefix = `tavolo-test-${randomUUID()}:`;

  beforeAll(async () => {
    database = await createPostgresDatabase(TEST_DATABASE_URL!);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-shared-limits-'));
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
      LOGIN_MAX_PER_IP_PER_MINUTE: String(PER_IP),
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT),
    };
    // A migrates and seeds the demo restaurant; B starts on the finished database.
    a = await startRealServer({ env: { ...env, SEED_DEMO: 'true' } });
    b = await startRealServer({ env: { ...env, SEED_DEMO: 'false' } });
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    const redis = createRedis(TEST_REDIS_URL!, 'test-cleanup', { enableOfflineQueue: true });
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await closeRedis(redis);
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('the per-IP limit counts attempts on both processes: the next one after the limit is refused on either', async () => {
    const ip = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < PER_IP; i++) statuses.push(await login(i % 2 ? b : a, ip, `nobody-${i}@example.com`, 'wrong-password'));
    expect(statuses).toEqual(Array(PER_IP).fill(422));
    expect(await login(b, ip, 'nobody-b@example.com', 'wrong-password')).toBe(429);
    expect(await login(a, ip, 'nobody-a@example.com', 'wrong-password')).toBe(429);
    // Another address is not affected.
    expect(await login(a, '198.51.100.8', 'nobody-c@example.com', 'wrong-password')).toBe(422);
  });

  it('the per-account lock counts failures on both processes, even from different addresses', async () => {
    const { email, password } = DEMO_LOGINS.manager;
    const statuses: number[] = [];
    for (let i = 0; i < PER_ACCOUNT; i++) statuses.push(await login(i % 2 ? b : a, `203.0.113.${i + 1}`, email, 'wrong-password'));
    expect(statuses).toEqual(Array(PER_ACCOUNT).fill(422));
    // Locked on both, even with the right password; other accounts still sign in.
    expect(await login(b, '203.0.113.50', email, password)).toBe(429);
    expect(await login(a, '203.0.113.51', email, password)).toBe(429);
    expect(await login(b, '203.0.113.52', DEMO_LOGINS.staff.email, DEMO_LOGINS.staff.password)).toBe(200);
  });
});
