/**
 * Failed sign-ins per account: after `maxFailures` within the window the account is locked for the window.
 * In memory per process; the per-IP limit (@fastify/rate-limit) covers the rest. (Shared store: scale-out issue.)
 */
export class LoginThrottle {
  private failures = new Map<string, { count: number; since: number }>();
  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
  ) {}

  lockedForMs(key: string, now = Date.now()): number {
    const entry = this.failures.get(key);
    if (!entry) return 0;
    if (now - entry.since > this.windowMs) {
      this.failures.delete(key);
      return 0;
    }
    return entry.count >= this.maxFailures ? entry.since + this.windowMs - now : 0;
  }

  fail(key: string, now = Date.now()): void {
    const entry = this.failures.get(key);
    if (!entry || now - entry.since > this.windowMs) this.failures.set(key, { count: 1, since: now });
    else entry.count++;
    if (this.failures.size > 100_000) this.failures.clear();
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }
}
