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

/** Attempts that fail: counted, never forgiven. */
async function failTimes(throttle: LoginThrottle, key: string, times: number) {
  for (let i = 0; i < times; i++) expect(await throttle.attempt(key)).toBe(0);
}

describe('memory login throttle', () => {
  it('locks after the maximum of attempts until the window from the first one ends', async () => {
    let now = 1_000_000;
    const throttle = createMemoryLoginThrottle(MAX, WINDOW_MS, () => now);
    await failTimes(throttle, 'a', MAX - 1);
    now += 10_000;
    expect(await throttle.attempt('a')).toBe(0);
    expect(await throttle.attempt('a')).toBe(WINDOW_MS - 10_000);
    expect(await throttle.attempt('b')).toBe(0);
    now += WINDOW_MS;
    expect(await throttle.attempt('a')).toBe(0);
  });

  it('forgets the attempts after a success', async () => {
    const throttle = createMemoryLoginThrottle(MAX, WINDOW_MS);
    await failTimes(throttle, 'a', MAX);
    await throttle.succeed('a');
    await failTimes(throttle, 'a', MAX);
    expect(await throttle.attempt('a')).toBeGreaterThan(0);
  });

  it('lets exactly the maximum through when the attempts arrive together', async () => {
    const throttle = createMemoryLoginThrottle(MAX, WINDOW_MS);
    const answers = await Promise.all(Array.from({ length: 20 }, () => throttle.attempt('burst')));
    expect(answers.filter((locked) => locked === 0)).toHaveLength(MAX);
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

  it('counts attempts on all processes together, with the window as the key expiry', async () => {
    await failTimes(a, 'acc', MAX - 1);
    await failTimes(b, 'acc', 1);
    const lockedA = await a.attempt('acc');
    expect(lockedA).toBeGreaterThan(WINDOW_MS - 5_000);
    expect(lockedA).toBeLessThanOrEqual(WINDOW_MS);
    expect(await b.attempt('acc')).toBeGreaterThan(0);
    expect(await redis.pttl(`${keyPrefix}acc`)).toBeGreaterThan(WINDOW_MS - 5_000);
    await a.succeed('acc');
    expect(await redis.exists(`${keyPrefix}acc`)).toBe(0);
    expect(await b.attempt('acc')).toBe(0);
  });

  it('lets exactly the maximum through when attempts arrive together from two processes', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).attempt('burst')));
    expect(answers.filter((locked) => locked === 0)).toHaveLength(MAX);
    expect(await redis.get(`${keyPrefix}burst`)).toBe(String(MAX));
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
      expect(await throttle.attempt('acc')).toBeGreaterThan(0);
      await throttle.succeed('acc');
      expect(await throttle.attempt('acc')).toBe(0);
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
