import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from '../../lib/redis.ts';

/**
 * Failed sign-ins per account: after `maxFailures` within the window (counted from the first failure) the account
 * is locked until that window ends. The per-IP limit (@fastify/rate-limit) covers spraying across accounts.
 */
export interface LoginThrottle {
  /** How long the account is still locked, 0 when it is not. */
  lockedForMs(key: string): Promise<number>;
  fail(key: string): Promise<void>;
  succeed(key: string): Promise<void>;
}

/** One process's own count: right for a single process (PGlite, or PostgreSQL without REDIS_URL). */
export function createMemoryLoginThrottle(maxFailures: number, windowMs: number, now: () => number = Date.now): LoginThrottle {
  const failures = new Map<string, { count: number; since: number }>();
  return {
    async lockedForMs(key) {
      const entry = failures.get(key);
      if (!entry) return 0;
      const at = now();
      if (at - entry.since > windowMs) {
        failures.delete(key);
        return 0;
      }
      return entry.count >= maxFailures ? entry.since + windowMs - at : 0;
    },
    async fail(key) {
      const at = now();
      const entry = failures.get(key);
      if (!entry || at - entry.since > windowMs) failures.set(key, { count: 1, since: at });
      else entry.count++;
      // Bounded memory under a flood of made-up accounts; the per-IP limit still applies.
      if (failures.size > 100_000) failures.clear();
    },
    async succeed(key) {
      failures.delete(key);
    },
  };
}

// INCR and the window's expiry in one step: a process dying between the two must not leave a counter that never expires.
const FAIL_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;
const LOCKED_SCRIPT = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n < tonumber(ARGV[1]) then return 0 end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then return 0 end
return ttl`;

/**
 * Shared by every process through Redis, so N processes still allow `maxFailures`, not N times as many.
 * While Redis is unreachable each process falls back to its own count (a weaker limit, but still a limit and no
 * failed sign-ins), and says so in the log once per outage (createRedis).
 */
export function createRedisLoginThrottle(opts: {
  redis: Redis;
  keyPrefix: string;
  maxFailures: number;
  windowMs: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}): LoginThrottle {
  const { redis, keyPrefix, maxFailures, windowMs } = opts;
  const local = createMemoryLoginThrottle(maxFailures, windowMs);
  const keyOf = (key: string) => `${keyPrefix}${key}`;
  let warned = false;
  async function withFallback<T>(shared: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    try {
      const result = await shared();
      warned = false;
      return result;
    } catch (err) {
      if (!warned) opts.log?.warn({ err }, 'login throttle: Redis unavailable, counting failed sign-ins per process');
      warned = true;
      return fallback();
    }
  }
  return {
    lockedForMs: (key) =>
      withFallback(
        async () => Math.max(Number(await redis.eval(LOCKED_SCRIPT, 1, keyOf(key), maxFailures)), await local.lockedForMs(key)),
        () => local.lockedForMs(key),
      ),
    fail: (key) =>
      withFallback(
        async () => void (await redis.eval(FAIL_SCRIPT, 1, keyOf(key), windowMs)),
        () => local.fail(key),
      ),
    succeed: async (key) => {
      await local.succeed(key);
      await withFallback(
        async () => void (await redis.del(keyOf(key))),
        async () => undefined,
      );
    },
  };
}
