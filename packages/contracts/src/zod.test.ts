import { describe, expect, it } from 'vitest';
import { z } from './zod.ts';

describe('contracts/zod', () => {
  // Browsers parse without Zod's JIT (CSP without 'unsafe-eval'; e2e/tests/csp-zod.e2e.ts); the server, parsing
  // every request body, keeps it.
  it('keeps the JIT where there is no window (the server)', () => {
    expect(z.config().jitless).toBeFalsy();
  });
});
