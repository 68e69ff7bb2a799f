import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { closeRedis, createRedis, type Redis } from '../../lib/redis.ts';
import { freePort } from '../../test/real-server.ts';
import { createTestApp, DEMO_HOST, DEMO_LOGINS, type TestApp } from '../../test/harness.ts';
import { createMemoryLoginThrottle, createRedisLoginThrottle, type LoginThrottle } from './login-throttle.ts';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
const MAX = 3;
const WINDOW_MS = 60_000;

async function failTimes(throttle: LoginThrottle, key: string, times: number) {
  for (let i = 0; i < times; i++) await throttle.fail(key);
}

describe('memory login throttle', () => {
  it('locks after the maximum of failures until the window from the first failure ends', async () => {
    let now = 1_000_000;
    const throttle = createMemoryLoginThrottle(MAX, WINDOW_MS, () => now);
    await failTimes(throttle, 'a', MAX - 1);
    expect(await throttle.lockedForMs('a')).toBe(0);
    now += 10_000;
    await throttle.fail('a');
    expect(await throttle.lockedForMs('a')).toBe(WINDOW_MS - 10_000);
    expect(await throttle.lockedForMs('b')).toBe(0);
    now += WINDOW_MS;
    expect(await throttle.lockedForMs('a')).toBe(0);
  });

  it('forgets the failures after a success', async () => {
    const throttle = createMemoryLoginThrottle(MAX, WINDOW_MS);
    await failTimes(throttle, 'a', MAX - 1);
    await throttle.succeed('a');
    await throttle.fail('a');
    expect(await throttle.lockedForMs('a')).toBe(0);
  });
});

describe.skipIf(!TEST_REDIS_URL)('Redis login throttle', () => {
  let redis: Redis;
  const keyPrefix = `tavolo-test-${randomUUID()}:login:`;
  // Two throttles on two connections stand for two server processes.
  let a: LoginThrottle;
  let b: LoginThrottle;
  let other: Redis;
  beforeAll(() => {
    redis = createRedis(TEST_REDIS_URL!, 'test-a');
    other = createRedis(TEST_REDIS_URL!, 'test-b');
    a = createRedisLoginThrottle({ redis, keyPrefix, maxFailures: MAX, windowMs: WINDOW_MS });
    b = createRedisLoginThrottle({ redis: other, keyPrefix, maxFailures: MAX, windowMs: WINDOW_MS });
    return Promise.all([new Promise((r) => redis.once('ready', r)), new Promise((r) => other.once('ready', r))]);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await closeRedis(redis);
    await closeRedis(other);
  });

  it('counts failures on all processes together, with the window as the key expiry', async () => {
    await failTimes(a, 'acc', MAX - 1);
    expect(await b.lockedForMs('acc')).toBe(0);
    await b.fail('acc');
    const lockedA = await a.lockedForMs('acc');
    expect(lockedA).toBeGreaterThan(WINDOW_MS - 5_000);
    expect(lockedA).toBeLessThanOrEqual(WINDOW_MS);
    expect(await b.lockedForMs('acc')).toBeGreaterThan(0);
    expect(await redis.pttl(`${keyPrefix}acc`)).toBeGreaterThan(WINDOW_MS - 5_000);
    await a.succeed('acc');
    expect(await b.lockedForMs('acc')).toBe(0);
    expect(await redis.exists(`${keyPrefix}acc`)).toBe(0);
  });

  it('counts concurrent failures exactly (INCR is atomic)', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).fail('burst')));
    expect(await redis.get(`${keyPrefix}burst`)).toBe('20');
  });
});

describe('with Redis unreachable', () => {
  let port: number;
  beforeAll(async () => {
    port = await freePort();
  });

  it('the login throttle falls back to counting per process and warns once', async () => {
    const redis = createRedis(`redis://127.0.0.1:${port}`, 'down');
    const warnings: string[] = [];
    const throttle = createRedisLoginThrottle({ redis, keyPrefix: 'x:', maxFailures: MAX, windowMs: WINDOW_MS, log: { warn: (_o: unknown, msg: string) => warnings.push(msg) } as never });
    try {
      await failTimes(throttle, 'acc', MAX);
      expect(await throttle.lockedForMs('acc')).toBeGreaterThan(0);
      await throttle.succeed('acc');
      expect(await throttle.lockedForMs('acc')).toBe(0);
      expect(warnings).toHaveLength(1);
    } finally {
      await closeRedis(redis);
    }
  });

  describe('the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: true, env: { REDIS_URL: `redis://127.0.0.1:${port}`, LOGIN_MAX_PER_IP_PER_MINUTE: '100' } });
    });
    afterAll(() => t?.close());

    // Failing open: a Redis outage costs the shared limits, never the sign-in itself.
    it('still signs in and still refuses wrong passwords', async () => {
      const admin = DEMO_LOGINS.admin;
      const c = t.client(DEMO_HOST);
      const wrong = await c.post('/api/login', { email: admin.email, password: 'not-the-password' });
      expect(wrong.statusCode).toBe(422);
      const right = await c.post('/api/login', { email: admin.email, password: admin.password });
      expect(right.statusCode).toBe(200);
      expect(right.json().data.token).toEqual(expect.any(String));
    });
  });
});

describe('REDIS_URL and REDIS_KEY_PREFIX settings', () => {
  it('take redis:// or rediss:// URLs and a plain key prefix', () => {
    expect(loadConfig({}, { REDIS_URL: 'rediss://user:pw@cache.example.com:6380/2' }).REDIS_URL).toBe('rediss://user:pw@cache.example.com:6380/2');
    expect(() => loadConfig({}, { REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(() => loadConfig({}, { REDIS_KEY_PREFIX: 'bad prefix*' })).toThrow(/REDIS_KEY_PREFIX/);
    expect(loadConfig({}, {}).REDIS_KEY_PREFIX).toBe('tavolo:');
  });
});
