import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from '../../lib/redis.ts';

/**
 * Sign-in attempts per account: after `maxFailures` within the window (counted from the first) the account is locked
 * until that window ends. An attempt is counted before its password is checked and forgiven when it succeeds, so
 * guesses sent all at once each take a place in the count: checking first and counting afterwards let 279 of 300
 * parallel guesses through a limit of 10. The per-IP limit (@fastify/rate-limit) covers spraying across accounts.
 */
export interface LoginThrottle {
  /** Counts an attempt and answers 0, or how long the account is still locked (then nothing is counted). */
  attempt(key: string): Promise<number>;
  /** The attempt succeeded (or the password was reset): the count starts again. */
  succeed(key: string): Promise<void>;
}

/** One process's own count: right for a single process (PGlite, or PostgreSQL without REDIS_URL). */
export function createMemoryLoginThrottle(maxFailures: number, windowMs: number, now: () => number = Date.now): LoginThrottle {
  const attempts = new Map<string, { count: number; since: number }>();
  return {
    async attempt(key) {
      const at = now();
      const entry = attempts.get(key);
      if (entry && at - entry.since <= windowMs) {
        if (entry.count >= maxFailures) return entry.since + windowMs - at;
        entry.count++;
        return 0;
      }
      attempts.set(key, { count: 1, since: at });
      // Bounded memory under a flood of made-up accounts; the per-IP limit still applies.
      if (attempts.size > 100_000) attempts.clear();
      return 0;
    },
    async succeed(key) {
      attempts.delete(key);
    },
  };
}

// The check, the INCR and the window's expiry in one step: two processes must not both see "one place left", and a
// process dying between INCR and PEXPIRE must not leave a counter that never expires.
const ATTEMPT_SCRIPT = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n >= tonumber(ARGV[1]) then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl > 0 then return ttl end
end
n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

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
    attempt: (key) =>
      withFallback(
        async () => Number(await redis.eval(ATTEMPT_SCRIPT, 1, keyOf(key), maxFailures, windowMs)),
        () => local.attempt(key),
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
